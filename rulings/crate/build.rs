//! Lists the corpus data files of this directory (every `.toml` file but the manifest) into
//! `$OUT_DIR/files.rs`, one `include_str!` each, so the library embeds whatever is there: a case
//! file added to `rules/`, `cards/` or `regressions/` is picked up with no list to keep by hand.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::{env, fs, io};

/// The folders and files the corpus format defines (`rulings/README.md`).
const DATA: &[&str] = &["cards.toml", "sources", "rules", "cards", "regressions"];

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            walk(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "toml") {
            out.push(path);
        }
    }
    Ok(())
}

fn main() -> io::Result<()> {
    let root = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let mut files = Vec::new();
    for item in DATA {
        let path = root.join(item);
        // A folder is scanned recursively by cargo: a new or changed file reruns this script.
        println!("cargo:rerun-if-changed={item}");
        if path.is_dir() {
            walk(&path, &mut files)?;
        } else if path.is_file() {
            files.push(path);
        }
    }
    files.sort();
    let mut code = String::from("&[\n");
    for path in &files {
        let rel = path
            .strip_prefix(&root)
            .expect("walked under the root")
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join("/");
        let _ = writeln!(
            code,
            "    crate::File {{ path: {rel:?}, text: include_str!({:?}) }},",
            path.display().to_string()
        );
    }
    code.push(']');
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("set by cargo")).join("files.rs");
    fs::write(out, code)
}
