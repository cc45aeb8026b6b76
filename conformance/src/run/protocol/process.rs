//! One engine process and the three threads that keep its pipes moving: a writer (so a child
//! that stops reading can't block the runner), a stdout reader that hands bounded lines over a
//! channel (so the runner can wait with a timeout), and a stderr reader that keeps only the end
//! of what it reads (so stderr spam neither blocks the child nor fills memory).

use std::collections::VecDeque;
use std::io::{self, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use super::lines::{read_line_or_overflow, Line};

/// What the stdout reader saw.
#[derive(Debug)]
pub(crate) enum Output {
    Line(Vec<u8>),
    TooLong,
    /// End of output, or a read error (the text says which).
    Closed(Option<String>),
}

/// Why no line came.
#[derive(Debug)]
pub(crate) enum Wait {
    TimedOut,
    Closed(Option<String>),
}

/// A running engine process.
pub(crate) struct Process {
    child: Child,
    to_child: Option<Sender<Vec<u8>>>,
    from_child: Receiver<Output>,
    stderr: Arc<Mutex<VecDeque<u8>>>,
    stderr_done: Receiver<()>,
}

impl Process {
    /// Starts `command` through `sh -c`, in its own process group (so it can be ended with
    /// everything it started).
    pub(crate) fn spawn(command: &str, max_line: usize, stderr_tail: usize) -> io::Result<Process> {
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            cmd.process_group(0);
        }
        let mut child = cmd.spawn()?;
        let missing = || io::Error::other("a pipe of the child is missing");
        let stdin = child.stdin.take().ok_or_else(missing)?;
        let stdout = child.stdout.take().ok_or_else(missing)?;
        let stderr = child.stderr.take().ok_or_else(missing)?;

        let (to_child, writer_rx) = mpsc::channel::<Vec<u8>>();
        thread::spawn(move || write_all(stdin, writer_rx));

        let (reader_tx, from_child) = mpsc::channel();
        thread::spawn(move || read_lines(stdout, max_line, reader_tx));

        let tail = Arc::new(Mutex::new(VecDeque::with_capacity(stderr_tail)));
        let (done_tx, stderr_done) = mpsc::channel();
        let sink = Arc::clone(&tail);
        thread::spawn(move || {
            keep_tail(stderr, &sink, stderr_tail);
            let _ = done_tx.send(());
        });
        Ok(Process {
            child,
            to_child: Some(to_child),
            from_child,
            stderr: tail,
            stderr_done,
        })
    }

    /// Queues one line for the child's stdin (the writer thread adds nothing: `line` ends in
    /// `\n`). A child that is gone is noticed by the reader, not here.
    pub(crate) fn send(&self, line: Vec<u8>) {
        if let Some(tx) = &self.to_child {
            let _ = tx.send(line);
        }
    }

    /// The next line from the child's stdout, waiting until `deadline`.
    pub(crate) fn next_line(&self, deadline: Instant) -> Result<Output, Wait> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.from_child.recv_timeout(left) {
            Ok(Output::Closed(why)) => Err(Wait::Closed(why)),
            Ok(out) => Ok(out),
            Err(RecvTimeoutError::Timeout) => Err(Wait::TimedOut),
            Err(RecvTimeoutError::Disconnected) => Err(Wait::Closed(None)),
        }
    }

    /// The exit status, if the child exits within `grace`.
    pub(crate) fn exit_status(&mut self, grace: Duration) -> Option<ExitStatus> {
        let end = Instant::now() + grace;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return Some(status),
                Ok(None) if Instant::now() < end => thread::sleep(Duration::from_millis(5)),
                _ => return None,
            }
        }
    }

    /// Closes stdin, which tells a well-behaved engine to exit.
    pub(crate) fn close_stdin(&mut self) {
        self.to_child = None;
    }

    /// Ends the child and its process group, reaps it, and returns the end of its stderr (after
    /// waiting a moment for the stderr reader to see the pipe close).
    pub(crate) fn kill(mut self) -> String {
        kill_group(&mut self.child);
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = self.stderr_done.recv_timeout(Duration::from_millis(500));
        self.stderr_tail()
    }

    /// The end of what the child wrote on stderr so far, as text.
    pub(crate) fn stderr_tail(&self) -> String {
        let tail = match self.stderr.lock() {
            Ok(t) => t,
            Err(poisoned) => poisoned.into_inner(),
        };
        let (a, b) = tail.as_slices();
        let bytes = [a, b].concat();
        String::from_utf8_lossy(&bytes).into_owned()
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        // A process dropped without `kill` (a panic unwinding) must not outlive the runner.
        if let Ok(None) = self.child.try_wait() {
            kill_group(&mut self.child);
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

#[cfg(unix)]
fn kill_group(child: &mut Child) {
    use nix::sys::signal::{killpg, Signal};
    use nix::unistd::Pid;
    if let Ok(pid) = i32::try_from(child.id()) {
        // The group id is the child's pid (`process_group(0)`); the group may already be gone.
        let _ = killpg(Pid::from_raw(pid), Signal::SIGKILL);
    }
}

#[cfg(not(unix))]
fn kill_group(_child: &mut Child) {}

fn write_all(mut stdin: ChildStdin, lines: Receiver<Vec<u8>>) {
    for line in lines {
        if stdin.write_all(&line).and_then(|()| stdin.flush()).is_err() {
            return;
        }
    }
}

fn read_lines(stdout: impl Read, max_line: usize, tx: Sender<Output>) {
    let mut reader = BufReader::with_capacity(64 * 1024, stdout);
    loop {
        // Eager: a huge line with no newline after it is a protocol error now, not a timeout.
        let out = match read_line_or_overflow(&mut reader, max_line) {
            Ok(Line::Text(line)) => Output::Line(line),
            Ok(Line::TooLong) => Output::TooLong,
            Ok(Line::Eof) => Output::Closed(None),
            Err(e) => Output::Closed(Some(e.to_string())),
        };
        let last = !matches!(out, Output::Line(_));
        if tx.send(out).is_err() || last {
            return;
        }
    }
}

fn keep_tail(mut stderr: impl Read, tail: &Mutex<VecDeque<u8>>, max: usize) {
    let mut buf = [0u8; 8192];
    loop {
        let n = match stderr.read(&mut buf) {
            Ok(0) => return,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => return,
        };
        let mut tail = match tail.lock() {
            Ok(t) => t,
            Err(poisoned) => poisoned.into_inner(),
        };
        tail.extend(&buf[..n]);
        let excess = tail.len().saturating_sub(max);
        tail.drain(..excess);
    }
}
