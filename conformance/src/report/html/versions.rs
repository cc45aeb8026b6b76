//! `versions.html`: each engine's releases side by side, for engines with reports of two or more
//! releases (as wpt.fyi and bowtie show an implementation over time). Per engine: the counts per
//! release as a table and as a static SVG chart (no script, no external asset), then between
//! consecutive releases the cases fixed and the cases regressed (`compare`'s categories), each
//! linked to its page, and the known failures a release fixed.

use std::fmt::Write;

use super::input::Report;
use super::model::{Counts, Status};
use super::page::{case_file, esc, frame, legend};
use crate::report::compare::{compare, Change};
use crate::report::count;

/// The engines with reports of several releases (distinct versions) among `reports`: the
/// name, and the reports in release
/// order (by version number when every version is one, `1.10` after `1.9`; else as given).
pub fn engines(reports: &[Report]) -> Vec<(String, Vec<&Report>)> {
    let mut out: Vec<(String, Vec<&Report>)> = Vec::new();
    for r in reports {
        match out.iter_mut().find(|(name, _)| *name == r.engine.name) {
            Some((_, list)) => list.push(r),
            None => out.push((r.engine.name.clone(), vec![r])),
        }
    }
    // Releases are distinct versions: two reports of one version (two runs, two configurations)
    // are columns of the matrix, not a history.
    out.retain(|(_, list)| {
        let mut versions: Vec<&str> = list.iter().map(|r| r.engine.version.as_str()).collect();
        versions.sort_unstable();
        versions.dedup();
        list.len() > 1 && versions.len() == list.len()
    });
    for (_, list) in &mut out {
        let keys: Option<Vec<Vec<u64>>> = list.iter().map(|r| version_key(&r.engine.version)).collect();
        if let Some(keys) = keys {
            let mut paired: Vec<(Vec<u64>, &Report)> = keys.into_iter().zip(list.iter().copied()).collect();
            paired.sort_by(|a, b| a.0.cmp(&b.0));
            *list = paired.into_iter().map(|(_, r)| r).collect();
        }
    }
    out
}

/// `0.103.0` as `[0, 103, 0]`; `None` when it isn't dotted numbers.
fn version_key(v: &str) -> Option<Vec<u64>> {
    v.trim_start_matches('v').split('.').map(|p| p.parse().ok()).collect()
}

fn counts(r: &Report) -> Counts {
    let mut c = Counts::default();
    for record in &r.cases {
        c.add(Status::of(record));
    }
    c
}

/// The fill of each status in the chart (the stylesheet's foreground colours: a chart is drawn,
/// not styled, so that it reads the same saved as an image).
fn fill(s: Status) -> &'static str {
    match s {
        Status::Passed => "#2d8a4e",
        Status::Failed => "#c0392b",
        Status::XFailed => "#e57373",
        Status::Errored => "#d68910",
        Status::Skipped => "#9e9e9e",
    }
}

/// Stacked bars, one per release, each segment a status, with its count as a tooltip (`title`)
/// and as text under the chart's table.
fn chart(releases: &[&Report]) -> String {
    let (bar, gap, height, top) = (56usize, 28usize, 180usize, 10usize);
    let width = releases.len() * (bar + gap) + gap;
    let most = releases.iter().map(|r| counts(r).total()).max().unwrap_or(0).max(1);
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"versions-chart\" role=\"img\" width=\"{width}\" height=\"{}\" viewBox=\"0 0 {width} {}\">",
        height + top + 30,
        height + top + 30
    );
    let _ = write!(svg, "<title>Cases per status, per release</title>");
    for (i, r) in releases.iter().enumerate() {
        let c = counts(r);
        let x = gap + i * (bar + gap);
        let mut y = top + height;
        for s in Status::ALL {
            let n = c.get(s);
            if n == 0 {
                continue;
            }
            let h = (n * height).div_ceil(most).max(1);
            y = y.saturating_sub(h);
            let _ = write!(
                svg,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{bar}\" height=\"{h}\" fill=\"{}\" data-status=\"{}\" data-n=\"{n}\"><title>{} {}: {n} {}</title></rect>",
                fill(s),
                s.word(),
                esc(&r.engine.name),
                esc(&r.engine.version),
                s.label()
            );
        }
        let _ = write!(
            svg,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"12\">{}</text>",
            x + bar / 2,
            top + height + 18,
            esc(&r.engine.version)
        );
    }
    svg.push_str("</svg>");
    svg
}

fn case_link(id: &str) -> String {
    format!("<a href=\"cases/{}\"><code>{}</code></a>", esc(&case_file(id)), esc(id))
}

fn engine_section(name: &str, releases: &[&Report], b: &mut String) {
    let _ = writeln!(b, "<section class=\"versions\" data-versions-engine=\"{0}\">\n<h2>{0}</h2>", esc(name));
    let _ = writeln!(
        b,
        "<p>{} of {}. Every count is of the cases its report records; a known failure (listed in \
         the expectations file the run used) is a failure.</p>",
        count(releases.len(), "release", "releases"),
        esc(name)
    );
    b.push_str("<div class=\"scroll\"><table class=\"versions\">\n<thead><tr><th scope=\"col\">Status</th>");
    for r in releases {
        let _ = write!(b, "<th scope=\"col\" data-release=\"{0}\">{0}</th>", esc(&r.engine.version));
    }
    b.push_str("</tr></thead>\n<tbody>\n");
    let all: Vec<Counts> = releases.iter().map(|r| counts(r)).collect();
    for s in Status::ALL {
        let _ = write!(b, "<tr data-status=\"{}\"><th scope=\"row\"><span class=\"n {}\"><span aria-hidden=\"true\">{}</span> {}</span></th>", s.word(), s.word(), s.symbol(), s.label());
        for (r, c) in releases.iter().zip(&all) {
            let _ = write!(b, "<td data-release=\"{}\" data-n=\"{}\">{}</td>", esc(&r.engine.version), c.get(s), c.get(s));
        }
        b.push_str("</tr>\n");
    }
    b.push_str("<tr data-status=\"rate\"><th scope=\"row\">Pass rate</th>");
    for (r, c) in releases.iter().zip(&all) {
        let rate = c.pass_rate().map_or("—".to_string(), |p| format!("{p:.1}%"));
        let _ = write!(b, "<td data-release=\"{}\">{rate}</td>", esc(&r.engine.version));
    }
    b.push_str("</tr>\n</tbody>\n</table></div>\n");
    let _ = writeln!(b, "<figure>{}<figcaption>Cases per status, per release</figcaption></figure>", chart(releases));
    for pair in releases.windows(2) {
        let (old, new) = (pair[0], pair[1]);
        let c = compare(old, new);
        let (fixed, regressed): (Vec<_>, Vec<_>) = (
            c.cases.iter().filter(|x| x.change == Change::Improved).collect(),
            c.cases.iter().filter(|x| x.change == Change::Regressed).collect(),
        );
        let _ = writeln!(
            b,
            "<h3 data-from=\"{0}\" data-to=\"{1}\">{0} → {1}: {2} fixed, {3} regressed</h3>",
            esc(&old.engine.version),
            esc(&new.engine.version),
            fixed.len(),
            regressed.len()
        );
        for (what, list, class) in [("Regressed (passed in the earlier release, not in this one)", &regressed, "regressed"), ("Fixed (passing in this release, not in the earlier one)", &fixed, "fixed")] {
            if list.is_empty() {
                continue;
            }
            let _ = writeln!(b, "<p>{what}:</p>\n<ul class=\"{class}\">");
            for x in list.iter() {
                let known = x
                    .fixed
                    .as_ref()
                    .map(|k| format!(" — a known failure{}, fixed in {}", k.since.as_ref().map(|s| format!(" since {}", esc(s))).unwrap_or_default(), esc(&new.engine.version)))
                    .unwrap_or_default();
                let _ = writeln!(
                    b,
                    "<li data-case=\"{}\">{} <span class=\"raw\">{} → {}</span>{known}</li>",
                    esc(&x.id),
                    case_link(&x.id),
                    esc(x.old.as_deref().unwrap_or("-")),
                    esc(x.new.as_deref().unwrap_or("-"))
                );
            }
            b.push_str("</ul>\n");
        }
    }
    b.push_str("</section>\n");
}

/// The page, or `None` when no engine has two releases among the reports.
pub fn render(reports: &[Report], tool: &str) -> Option<String> {
    let engines = engines(reports);
    if engines.is_empty() {
        return None;
    }
    let mut b = String::from("<header>\n<h1>Engines across releases</h1>\n");
    b.push_str("<p><a href=\"index.html\">← the compliance matrix</a></p>\n");
    b.push_str(&legend());
    b.push_str("</header>\n<main>\n");
    for (name, releases) in &engines {
        engine_section(name, releases, &mut b);
    }
    let _ = writeln!(b, "</main>\n<footer><p>Built by {}.</p></footer>", esc(tool));
    Some(frame("Engines across releases · mtg-conformance", "", &b, false))
}
