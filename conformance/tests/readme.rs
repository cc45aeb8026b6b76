//! Every shell command of the README works: each line of a ```sh block runs, through `sh -c`,
//! with the built `mtg-conformance` first on PATH (what `cargo install --path conformance` gives),
//! in a scratch directory that sees the repository's `rulings/` and `conformance/` (so files the
//! examples write don't land in the repository), and must exit 0. A block preceded by
//! `<!-- readme-test: skip (why) -->` is not run here (the set-up commands, which CI runs
//! itself). ```text blocks are synopses, not commands. The expectations example must name
//! real cases.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use mtg_conformance::corpus::Corpus;
use mtg_conformance::run::expectations::Expectations;

fn repo() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}

/// `(language, skipped, body)` of every fenced block.
fn blocks(readme: &str) -> Vec<(String, bool, String)> {
    let mut out = Vec::new();
    let mut lines = readme.lines().peekable();
    let mut previous = "";
    while let Some(line) = lines.next() {
        if let Some(lang) = line.strip_prefix("```") {
            let skipped = previous.starts_with("<!-- readme-test: skip");
            let mut body = String::new();
            for l in lines.by_ref() {
                if l.starts_with("```") {
                    break;
                }
                body.push_str(l);
                body.push('\n');
            }
            out.push((lang.trim().to_string(), skipped, body));
        }
        if !line.trim().is_empty() {
            previous = line;
        }
    }
    out
}

/// The shell commands of a block: its lines, without blank lines and whole-line comments.
fn commands(body: &str) -> Vec<String> {
    body.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

#[test]
fn every_shell_command_of_the_readme_runs() {
    let readme = fs::read_to_string(repo().join("README.md")).unwrap_or_default();
    let all = blocks(&readme);
    let sh: Vec<String> = all
        .iter()
        .filter(|(lang, skipped, _)| lang == "sh" && !skipped)
        .flat_map(|(_, _, body)| commands(body))
        .collect();
    // The README has examples to run: an empty list would make this test pass vacuously.
    assert!(sh.len() >= 8, "only {} commands found", sh.len());
    // Issue 15 asked for these two by name: the coverage gate is run, not only listed.
    assert!(
        sh.iter().any(|c| c.starts_with("mtg-conformance coverage --deny-uncovered")),
        "no `coverage --deny-uncovered` example among {sh:?}"
    );
    let skipped = all.iter().filter(|(l, s, _)| l == "sh" && *s).count();
    assert_eq!(
        skipped, 2,
        "only the set-up block and the example engine crate's (tested by .ci/run) are not run here"
    );

    let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
    for dir in ["rulings", "conformance"] {
        std::os::unix::fs::symlink(repo().join(dir), tmp.path().join(dir))
            .unwrap_or_else(|e| panic!("symlink: {e}"));
    }
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_mtg-conformance"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut failures = Vec::new();
    for command in &sh {
        let out = Command::new("sh")
            .arg("-c")
            .arg(command)
            .current_dir(tmp.path())
            .env("PATH", &path)
            .env("NO_COLOR", "1")
            .output()
            .unwrap_or_else(|e| panic!("sh: {e}"));
        if !out.status.success() {
            let stderr = String::from_utf8_lossy(&out.stderr);
            let tail: String = stderr.lines().rev().take(5).collect::<Vec<_>>().join(" | ");
            failures.push(format!("`{command}` exited {:?}: {tail}", out.status.code()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_expectations_example_names_real_cases() {
    let readme = fs::read_to_string(repo().join("README.md")).unwrap_or_default();
    let toml: Vec<String> = blocks(&readme)
        .into_iter()
        .filter(|(lang, _, body)| lang == "toml" && (body.contains("[[skip]]") || body.contains("[[xfail]]")))
        .map(|(_, _, body)| body)
        .collect();
    assert_eq!(toml.len(), 1, "one expectations example");
    let corpus = Corpus::load(repo().join("rulings"))
        .map(|l| l.corpus)
        .unwrap_or_default();
    let expectations = Expectations::parse(&toml[0]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(expectations.check(&corpus), Vec::<String>::new());
}

/// The command list of the README ("The `mtg-conformance` command") names every subcommand the
/// binary has (`regress`, `reach`, `diff` included), and every option it shows for one is an
/// option of that subcommand (`coverage --deny-uncovered`), so the list can't fall behind the
/// binary or promise options it lacks.
#[test]
fn the_command_list_names_every_subcommand_and_real_options() {
    let readme = fs::read_to_string(repo().join("README.md")).unwrap_or_default();
    let section = readme
        .split("## The `mtg-conformance` command")
        .nth(1)
        .unwrap_or_else(|| panic!("no command section"));
    let (_, _, synopsis) = blocks(section)
        .into_iter()
        .find(|(lang, _, _)| lang == "text")
        .unwrap_or_else(|| panic!("no command list"));
    let listed: Vec<(String, String)> = synopsis
        .lines()
        .filter_map(|l| l.strip_prefix("mtg-conformance "))
        .map(|l| l.split(" #").next().unwrap_or_default())
        .map(|l| {
            let (name, rest) = l.split_once(' ').unwrap_or((l, ""));
            (name.trim().to_string(), rest.to_string())
        })
        .collect();

    let bin = env!("CARGO_BIN_EXE_mtg-conformance");
    let help = |args: &[&str]| -> String {
        let out = Command::new(bin)
            .args(args)
            .output()
            .unwrap_or_else(|e| panic!("mtg-conformance: {e}"));
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let top = help(&["--help"]);
    let subcommands: Vec<String> = top
        .split("Commands:")
        .nth(1)
        .and_then(|s| s.split("\n\n").next())
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect();
    assert!(subcommands.len() >= 9, "{subcommands:?}");
    for name in &subcommands {
        assert!(
            listed.iter().any(|(n, _)| n == name),
            "README's command list lacks `mtg-conformance {name}`"
        );
    }
    for (name, rest) in &listed {
        assert!(subcommands.contains(name), "README lists `{name}`, which the binary lacks");
        let options = help(&[name.as_str(), "--help"]);
        for option in rest.split(|c: char| c.is_whitespace() || c == '[' || c == ']') {
            if option.starts_with("--") {
                assert!(
                    options.contains(&format!("{option} ")) || options.contains(&format!("{option}\n")),
                    "README shows `{name} {option}`, which `{name} --help` lacks"
                );
            }
        }
    }
}
