//! Reading the files a user hands the tools (corpus files, reports, expectations files): regular
//! files only (a link to `/dev/zero`, a FIFO or a device is refused without being opened, so it
//! can neither fill memory nor hang a command), and at most a stated size.

use std::fs;
use std::io::{self, Read};
use std::path::Path;

/// The largest corpus data file read (a case over 4 MiB isn't sent to engines anyway).
pub const MAX_CORPUS_FILE: u64 = 16 << 20;
/// The largest expectations file read.
pub const MAX_EXPECTATIONS_FILE: u64 = 16 << 20;
/// The largest report (`run --format json`) `report --html` reads: about 100k cases with
/// long failure diffs.
pub const MAX_REPORT_FILE: u64 = 512 << 20;
/// The largest `diff` run record `diff merge` reads (a run keeps at most 256 groups, each with
/// a scenario of about 20 KB).
pub const MAX_RUN_RECORD: u64 = 64 << 20;

/// The bytes of `path` if it is a regular file (links followed) of at most `cap` bytes.
pub fn read_regular(path: &Path, cap: u64) -> io::Result<Vec<u8>> {
    let meta = fs::metadata(path)?;
    if !meta.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a regular file (a device, FIFO, socket or directory): not read",
        ));
    }
    let too_big = || io::Error::new(io::ErrorKind::InvalidData, format!("larger than the limit of {cap} bytes: not read"));
    if meta.len() > cap {
        return Err(too_big());
    }
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    // The file may grow while it is read: never past the cap.
    fs::File::open(path)?.take(cap + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > cap {
        return Err(too_big());
    }
    Ok(bytes)
}

/// [`read_regular`] as UTF-8 text.
pub fn read_regular_text(path: &Path, cap: u64) -> io::Result<String> {
    String::from_utf8(read_regular(path, cap)?).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn devices_and_big_files_are_not_read() {
        let e = read_regular(Path::new("/dev/zero"), 1 << 20).expect_err("a device");
        assert!(e.to_string().contains("not a regular file"), "{e}");
        let tmp = tempfile::tempdir().expect("tempdir");
        let big = tmp.path().join("big");
        fs::write(&big, vec![b'a'; 2048]).expect("write");
        assert!(read_regular(&big, 1024).expect_err("too big").to_string().contains("larger than"));
        assert_eq!(read_regular(&big, 4096).expect("read").len(), 2048);
    }
}
