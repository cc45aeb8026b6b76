//! Reading one line with a bound on its length, so a peer that never sends a newline costs at
//! most the bound in memory.

use std::io::{self, BufRead};

/// What [`read_line_bounded`] read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A whole line, without its `\n` (nor a `\r` before it).
    Text(Vec<u8>),
    /// A line longer than the bound; its bytes were discarded up to the newline (or the end).
    TooLong,
    /// The end of the input, with no partial line pending.
    Eof,
}

/// Reads the next line of at most `max` bytes. A last line without a newline is a line.
pub fn read_line_bounded(reader: &mut impl BufRead, max: usize) -> io::Result<Line> {
    read_line(reader, max, false)
}

/// Like [`read_line_bounded`], but answers [`Line::TooLong`] as soon as the line passes `max`
/// bytes, without waiting for its newline: a peer that sends a huge line and then nothing is
/// out of protocol at once, not a timeout. What follows in the input is left unread.
pub fn read_line_or_overflow(reader: &mut impl BufRead, max: usize) -> io::Result<Line> {
    read_line(reader, max, true)
}

fn read_line(reader: &mut impl BufRead, max: usize, eager: bool) -> io::Result<Line> {
    let mut line = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let buf = match reader.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(match (any, too_long) {
                (false, _) => Line::Eof,
                (true, true) => Line::TooLong,
                (true, false) => Line::Text(trim_cr(line)),
            });
        }
        any = true;
        let (chunk, found) = match buf.iter().position(|b| *b == b'\n') {
            Some(i) => (&buf[..i], Some(i)),
            None => (buf, None),
        };
        if !too_long {
            if line.len() + chunk.len() > max {
                too_long = true;
                line = Vec::new();
                if eager {
                    return Ok(Line::TooLong);
                }
            } else {
                line.extend_from_slice(chunk);
            }
        }
        let used = found.map_or(buf.len(), |i| i + 1);
        reader.consume(used);
        if found.is_some() {
            return Ok(if too_long {
                Line::TooLong
            } else {
                Line::Text(trim_cr(line))
            });
        }
    }
}

fn trim_cr(mut line: Vec<u8>) -> Vec<u8> {
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], max: usize) -> Vec<Line> {
        // A tiny buffer, so lines span several `fill_buf` calls.
        let mut reader = io::BufReader::with_capacity(3, input);
        let mut out = Vec::new();
        loop {
            match read_line_bounded(&mut reader, max) {
                Ok(Line::Eof) | Err(_) => return out,
                Ok(line) => out.push(line),
            }
        }
    }

    fn text(s: &str) -> Line {
        Line::Text(s.as_bytes().to_vec())
    }

    #[test]
    fn splits_lines_and_keeps_a_last_unterminated_one() {
        assert_eq!(
            lines(b"ab\r\n\ncdefg\nhi", 10),
            vec![text("ab"), text(""), text("cdefg"), text("hi")]
        );
        assert_eq!(lines(b"", 10), vec![]);
    }

    /// A reader that gives `data` and then fails, as a peer that stops sending would block.
    struct ThenStuck(Vec<u8>);

    impl std::io::Read for ThenStuck {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Err(io::Error::new(io::ErrorKind::WouldBlock, "stuck"));
            }
            let n = buf.len().min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0.drain(..n);
            Ok(n)
        }
    }

    #[test]
    fn an_overflow_is_reported_without_waiting_for_the_newline() {
        let mut stuck = std::io::BufReader::with_capacity(4, ThenStuck(b"123456789".to_vec()));
        assert_eq!(read_line_or_overflow(&mut stuck, 5).ok(), Some(Line::TooLong));
        let mut stuck = std::io::BufReader::with_capacity(4, ThenStuck(b"123456789".to_vec()));
        assert!(read_line_bounded(&mut stuck, 5).is_err(), "the lazy reader waits for more");
    }

    #[test]
    fn a_long_line_is_reported_and_skipped_and_reading_goes_on() {
        assert_eq!(
            lines(b"12345\n123456789012\nok\n1234567890123", 5),
            vec![text("12345"), Line::TooLong, text("ok"), Line::TooLong]
        );
    }
}
