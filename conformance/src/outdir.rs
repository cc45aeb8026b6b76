//! Directories the tools write into (`report --html OUT`, `diff --out DIR`): only one the tool
//! owns. A directory is owned when it holds the marker file [`MARKER`] (written when the tool
//! created it, or took it empty); a non-empty directory without one is the user's, and is
//! refused before anything runs. Inside an owned directory the tool never follows a link: a
//! symlinked subdirectory is refused, and a file is written by removing what was there (a link
//! is removed, not its target) and creating it anew.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use thiserror::Error;

/// The marker file of a directory the tools own.
pub const MARKER: &str = ".mtg-conformance";

/// Why the tools won't write into a directory.
#[derive(Debug, Error)]
pub enum OutDirError {
    #[error("{}: {source}", path.display())]
    Io { path: PathBuf, source: io::Error },
    #[error("{}: not a directory", path.display())]
    NotADirectory { path: PathBuf },
    #[error("{}: a symbolic link: give the directory it points to, or a new one", path.display())]
    Link { path: PathBuf },
    #[error(
        "{}: not empty, and not written by mtg-conformance (it has no {MARKER} file): give a new or empty directory, so that none of your files is replaced",
        path.display()
    )]
    Foreign { path: PathBuf },
}

fn io_err(path: &Path) -> impl FnOnce(io::Error) -> OutDirError + '_ {
    move |source| OutDirError::Io { path: path.to_path_buf(), source }
}

/// Makes `dir` a directory this tool owns: created (with its parents) if missing, taken if
/// empty, kept if it has the marker; refused otherwise. `what` says which command wrote it.
pub fn claim(dir: &Path, what: &str) -> Result<(), OutDirError> {
    match fs::symlink_metadata(dir) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            fs::create_dir_all(dir).map_err(io_err(dir))?;
        }
        Err(e) => return Err(OutDirError::Io { path: dir.to_path_buf(), source: e }),
        Ok(m) if m.file_type().is_symlink() => return Err(OutDirError::Link { path: dir.to_path_buf() }),
        Ok(m) if !m.is_dir() => return Err(OutDirError::NotADirectory { path: dir.to_path_buf() }),
        Ok(_) => {
            let marker = dir.join(MARKER);
            match fs::symlink_metadata(&marker) {
                Ok(m) if m.is_file() => return Ok(()),
                Ok(_) => return Err(OutDirError::Foreign { path: dir.to_path_buf() }),
                Err(_) => {}
            }
            // Empty, or (for `diff --out`) only triage files an earlier version wrote before
            // the marker existed: taken. Anything else is the user's.
            for entry in fs::read_dir(dir).map_err(io_err(dir))? {
                let entry = entry.map_err(io_err(dir))?;
                if !(what == "diff --out" && is_old_triage_file(&entry.path())) {
                    return Err(OutDirError::Foreign { path: dir.to_path_buf() });
                }
            }
        }
    }
    let marker = dir.join(MARKER);
    write_new(&marker, format!("Written by `mtg-conformance {what}`: it may replace the files here.\n").as_bytes())
}

/// A triage file of `diff` (a regular `.toml` file opening with the line it always opens with).
fn is_old_triage_file(path: &Path) -> bool {
    use std::io::Read;
    let regular = fs::symlink_metadata(path).is_ok_and(|m| m.is_file());
    if !regular || path.extension().is_none_or(|e| e != "toml") {
        return false;
    }
    let mut head = [0u8; 34];
    fs::File::open(path).and_then(|mut f| f.read_exact(&mut head)).is_ok() && head == *b"# Found by `mtg-conformance diff` "
}

/// `dir/rel`'s parent directories inside `dir`, created if missing; a link or a file on the way
/// is refused.
pub fn subdir(dir: &Path, rel: &Path) -> Result<PathBuf, OutDirError> {
    let mut at = dir.to_path_buf();
    for part in rel.components() {
        at.push(part);
        match fs::symlink_metadata(&at) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => fs::create_dir(&at).map_err(io_err(&at))?,
            Err(e) => return Err(OutDirError::Io { path: at, source: e }),
            Ok(m) if m.file_type().is_symlink() => return Err(OutDirError::Link { path: at }),
            Ok(m) if !m.is_dir() => return Err(OutDirError::NotADirectory { path: at }),
            Ok(_) => {}
        }
    }
    Ok(at)
}

/// Writes `path` (in an owned directory) without following a link: whatever was there is
/// removed first, then the file is created anew (`create_new` does not follow a link).
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), OutDirError> {
    match fs::symlink_metadata(path) {
        Ok(m) if m.is_dir() => return Err(OutDirError::NotADirectory { path: path.to_path_buf() }),
        Ok(_) => fs::remove_file(path).map_err(io_err(path))?,
        Err(_) => {}
    }
    write_new(path, bytes)
}

fn write_new(path: &Path, bytes: &[u8]) -> Result<(), OutDirError> {
    let mut file = fs::OpenOptions::new().write(true).create_new(true).open(path).map_err(io_err(path))?;
    file.write_all(bytes).and_then(|()| file.flush()).map_err(io_err(path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_and_empty_directories_are_taken_foreign_ones_refused() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let new = tmp.path().join("a/b");
        claim(&new, "test").expect("a new directory");
        assert!(new.join(MARKER).is_file());
        claim(&new, "test").expect("an owned directory again");
        let empty = tmp.path().join("empty");
        fs::create_dir(&empty).expect("mkdir");
        claim(&empty, "test").expect("an empty directory");
        let foreign = tmp.path().join("foreign");
        fs::create_dir(&foreign).expect("mkdir");
        fs::write(foreign.join("index.html"), "mine").expect("write");
        assert!(matches!(claim(&foreign, "test"), Err(OutDirError::Foreign { .. })));
        assert_eq!(fs::read_to_string(foreign.join("index.html")).ok().as_deref(), Some("mine"));
    }

    /// A triage directory of an earlier version (no marker, only triage files) is `diff`'s; one
    /// with anything else is not.
    #[test]
    fn an_old_triage_directory_is_taken_by_diff_only() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let old = tmp.path().join("triage");
        fs::create_dir(&old).expect("mkdir");
        fs::write(old.join("object-power-1.toml"), "# Found by `mtg-conformance diff` against x, minimized.\n").expect("write");
        assert!(matches!(claim(&old, "report --html"), Err(OutDirError::Foreign { .. })));
        claim(&old, "diff --out").expect("an old triage directory");
        let mixed = tmp.path().join("mixed");
        fs::create_dir(&mixed).expect("mkdir");
        fs::write(mixed.join("a.toml"), "# Found by `mtg-conformance diff` against x\n").expect("write");
        fs::write(mixed.join("notes.toml"), "mine").expect("write");
        assert!(matches!(claim(&mixed, "diff --out"), Err(OutDirError::Foreign { .. })));
    }

    #[cfg(unix)]
    #[test]
    fn links_are_never_followed() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let out = tmp.path().join("out");
        claim(&out, "test").expect("claim");
        let elsewhere = tmp.path().join("elsewhere");
        fs::create_dir(&elsewhere).expect("mkdir");
        fs::write(elsewhere.join("x.html"), "mine").expect("write");
        std::os::unix::fs::symlink(&elsewhere, out.join("cases")).expect("symlink");
        assert!(matches!(subdir(&out, Path::new("cases")), Err(OutDirError::Link { .. })));
        std::os::unix::fs::symlink(elsewhere.join("x.html"), out.join("y.html")).expect("symlink");
        write_file(&out.join("y.html"), b"site").expect("write over a link");
        assert_eq!(fs::read_to_string(elsewhere.join("x.html")).ok().as_deref(), Some("mine"));
        assert_eq!(fs::read_to_string(out.join("y.html")).ok().as_deref(), Some("site"));
        std::os::unix::fs::symlink(&elsewhere, tmp.path().join("link")).expect("symlink");
        assert!(matches!(claim(&tmp.path().join("link"), "test"), Err(OutDirError::Link { .. })));
    }
}
