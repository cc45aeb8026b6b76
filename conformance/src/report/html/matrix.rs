//! `index.html`: the per-engine summary (overall and per topic), the matrix of sources against
//! engines, and every case with each engine's verdict, linked to the case's page. All of it is in
//! the HTML; `filter.js` only hides rows and columns.

use std::fmt::Write;

use super::input::Report;
use crate::corpus::cr::CrCoverage;
use crate::report::count;
use super::model::{Model, Status};
use super::page::{case_file, counts_cell, esc, frame, legend, rate, verdict_cell};

pub fn render(model: &Model, cr: Option<&CrCoverage>, reports: &[Report], tool: &str) -> String {
    let mut b = String::new();
    b.push_str("<header>\n<h1>Compliance matrix</h1>\n");
    let _ = writeln!(
        b,
        "<p>Which rulings each engine gets right: every source (a Comprehensive Rules paragraph \
         or an official ruling) against every engine, counting the cases that encode it. \
         {}, {}, {}, {}.</p>",
        count(model.columns.len(), "engine", "engines"),
        count(model.topics.len(), "topic", "topics"),
        count(
            model.topics.iter().map(|t| t.sources.len()).sum::<usize>(),
            "source",
            "sources"
        ),
        count(model.cases.len(), "case", "cases")
    );
    b.push_str(&legend());
    if !super::versions::engines(reports).is_empty() {
        b.push_str("<p><a href=\"versions.html\">Engines across releases</a>: what each release fixed and broke.</p>\n");
    }
    for w in &model.warnings {
        let _ = writeln!(
            b,
            "<p class=\"warning\" role=\"alert\">Warning: {}</p>",
            esc(w)
        );
    }
    b.push_str("</header>\n");
    filters(model, &mut b);
    b.push_str("<main>\n");
    summary(model, &mut b);
    if let Some(cr) = cr {
        cr_coverage(cr, &mut b);
    }
    matrix(model, &mut b);
    cases(model, &mut b);
    b.push_str("</main>\n");
    footer(reports, tool, &mut b);
    frame("Compliance matrix · mtg-conformance", "", &b, true)
}

/// The filter form: hidden until the script shows it (without JavaScript there is nothing to
/// filter with, and nothing is hidden).
fn filters(model: &Model, b: &mut String) {
    b.push_str("<form id=\"filters\" hidden=\"hidden\" aria-label=\"filters\">\n");
    b.push_str("<label>Engine <select name=\"engine\" id=\"filter-engine\"><option value=\"\">all engines</option>");
    for c in &model.columns {
        let _ = write!(b, "<option value=\"{}\">{}</option>", c.key, esc(&c.label));
    }
    b.push_str("</select></label>\n");
    b.push_str("<label>Topic <select name=\"topic\" id=\"filter-topic\"><option value=\"\">all topics</option>");
    for t in &model.topics {
        let _ = write!(b, "<option value=\"{}\">{}</option>", t.key, esc(&t.label));
    }
    b.push_str("</select></label>\n");
    b.push_str("<label>Status <select name=\"status\" id=\"filter-status\"><option value=\"\">any status</option>");
    for s in Status::ALL {
        let _ = write!(b, "<option value=\"{0}\">{0}</option>", s.word());
    }
    b.push_str("</select></label>\n<button type=\"reset\">Show all</button>\n");
    b.push_str("<output id=\"shown\" role=\"status\" aria-live=\"polite\"></output>\n</form>\n");
}

fn engine_heads(model: &Model, b: &mut String) {
    for c in &model.columns {
        let _ = write!(
            b,
            "<th scope=\"col\" data-engine=\"{}\">{}</th>",
            c.key,
            esc(&c.label)
        );
    }
}

fn summary(model: &Model, b: &mut String) {
    b.push_str("<section id=\"summary\">\n<h2>Summary per engine</h2>\n");
    b.push_str(
        "<p>The pass rate is the passed cases out of all the cases the engine's report \
        records (skipped and known failures included), overall and for the cases covering each \
        topic's sources.</p>\n",
    );
    b.push_str(
        "<div class=\"scroll\"><table class=\"summary\">\n<thead><tr><th scope=\"col\">Topic</th>",
    );
    engine_heads(model, b);
    b.push_str("</tr></thead>\n<tbody>\n");
    let all: Vec<usize> = (0..model.cases.len()).collect();
    let row = |label: &str, key: &str, cases: &[usize], b: &mut String| {
        let _ = write!(
            b,
            "<tr data-summary=\"{key}\" data-topics=\"{key}\"><th scope=\"row\">{}</th>",
            esc(label)
        );
        for (col, c) in model.columns.iter().enumerate() {
            let counts = model.counts(cases.iter().copied(), col);
            let lead = format!("<span class=\"rate\">{}</span>", esc(&rate(&counts)));
            b.push_str(&counts_cell(&counts, &c.key, &lead));
        }
        b.push_str("</tr>\n");
    };
    row("All cases", "all", &all, b);
    for t in &model.topics {
        row(&t.label, &t.key, &model.topic_cases(t), b);
    }
    b.push_str("</tbody>\n</table></div>\n</section>\n");
}

/// How much of the Comprehensive Rules the corpus covers, per section (`coverage` prints the
/// same table): the paragraphs quoted by a source a case covers, and the Examples covered.
fn cr_coverage(cr: &CrCoverage, b: &mut String) {
    b.push_str("<section id=\"cr-coverage\">\n<h2>Comprehensive Rules coverage</h2>\n");
    let _ = writeln!(
        b,
        "<p>Per section of the Comprehensive Rules ({}): the paragraphs quoted by a source \
         that a case covers, and the rules' own Examples covered by a case. Totals count the \
         sections rules engines implement; the others a source quotes are marked. {}.</p>",
        esc(&cr.edition),
        esc(&cr.closing_line())
    );
    b.push_str(
        "<div class=\"scroll\"><table class=\"cr\">\n<thead><tr><th scope=\"col\">Section</th>\
         <th scope=\"col\">Paragraphs quoted</th><th scope=\"col\">Examples covered</th></tr></thead>\n<tbody>\n",
    );
    let cell = |n: usize, of: usize| {
        let class = if of == 0 {
            "none"
        } else if n == of {
            "all"
        } else if n > 0 {
            "some"
        } else {
            "none"
        };
        format!("<td class=\"cr-{class}\" data-n=\"{n}\" data-of=\"{of}\">{n} / {of}</td>")
    };
    for s in &cr.sections {
        let _ = writeln!(
            b,
            "<tr data-cr-section=\"{0}\"{1}><th scope=\"row\">{0}{2}</th>{3}{4}</tr>",
            esc(&s.section),
            if s.in_scope {
                ""
            } else {
                " data-out-of-scope=\"true\""
            },
            if s.in_scope {
                ""
            } else {
                " <small>(outside the Example scope)</small>"
            },
            cell(s.paragraphs_covered, s.paragraphs),
            cell(s.examples_covered as usize, s.examples as usize),
        );
    }
    let _ = writeln!(
        b,
        "</tbody>\n<tfoot><tr data-cr-total=\"true\"><th scope=\"row\">Total</th>{}{}</tr></tfoot>\n</table></div>\n</section>",
        cell(cr.paragraphs_covered, cr.paragraphs),
        cell(cr.examples_covered as usize, cr.examples as usize)
    );
}

fn matrix(model: &Model, b: &mut String) {
    b.push_str("<section id=\"matrix\">\n<h2>Sources against engines</h2>\n");
    b.push_str(
        "<p>A row per source; a cell counts, per status, that engine's results on the \
        cases covering the source. Open a source for its text and its cases.</p>\n",
    );
    b.push_str(
        "<div class=\"scroll\"><table class=\"matrix\">\n<thead><tr><th scope=\"col\">Source</th>",
    );
    engine_heads(model, b);
    b.push_str("</tr></thead>\n");
    let span = model.columns.len() + 1;
    for t in &model.topics {
        let _ = writeln!(
            b,
            "<tbody data-topic=\"{0}\"><tr class=\"group\" data-group=\"{0}\"><th scope=\"rowgroup\" colspan=\"{span}\">{1}</th></tr>",
            t.key,
            esc(&t.label)
        );
        for s in &t.sources {
            let _ = write!(
                b,
                "<tr data-source=\"{}\" data-topics=\"{}\"><th scope=\"row\"><details><summary>{}</summary>",
                esc(&s.id),
                t.key,
                esc(&s.cite)
            );
            if let Some(text) = &s.text {
                let _ = write!(b, "<blockquote>{}</blockquote>", paragraphs(text));
            }
            if s.cases.is_empty() {
                b.push_str("<p>No case covers it.</p>");
            } else {
                b.push_str("<ul class=\"case-links\">");
                for &i in &s.cases {
                    let c = &model.cases[i];
                    let _ = write!(
                        b,
                        "<li><a href=\"cases/{}\">{}</a></li>",
                        esc(&case_file(&c.id)),
                        esc(c.title())
                    );
                }
                b.push_str("</ul>");
            }
            b.push_str("</details></th>");
            for (col, c) in model.columns.iter().enumerate() {
                b.push_str(&counts_cell(
                    &model.counts(s.cases.iter().copied(), col),
                    &c.key,
                    "",
                ));
            }
            b.push_str("</tr>\n");
        }
        b.push_str("</tbody>\n");
    }
    b.push_str("</table></div>\n</section>\n");
}

fn cases(model: &Model, b: &mut String) {
    b.push_str("<section id=\"cases\">\n<h2>Cases</h2>\n");
    b.push_str(
        "<div class=\"scroll\"><table class=\"cases\">\n<thead><tr><th scope=\"col\">Case</th>",
    );
    engine_heads(model, b);
    b.push_str("</tr></thead>\n<tbody>\n");
    for c in &model.cases {
        let page = format!("cases/{}", case_file(&c.id));
        let _ = write!(
            b,
            "<tr data-case=\"{}\" data-topics=\"{}\"><th scope=\"row\"><a href=\"{}\">{}</a> <code>{}</code></th>",
            esc(&c.id),
            c.topics.join(" "),
            esc(&page),
            esc(c.title()),
            esc(&c.id)
        );
        for (col, column) in model.columns.iter().enumerate() {
            let status = c.records[col].map(Status::of);
            let href = status.map(|_| format!("{page}#{}", column.key));
            b.push_str(&verdict_cell(status, &column.key, href.as_deref()));
        }
        b.push_str("</tr>\n");
    }
    b.push_str("</tbody>\n</table></div>\n</section>\n");
}

fn footer(reports: &[Report], tool: &str, b: &mut String) {
    b.push_str("<footer>\n<p>Built by ");
    b.push_str(&esc(tool));
    b.push_str(" from these reports:</p>\n<ul>");
    for r in reports {
        let name = r.path.file_name().map_or_else(
            || r.path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        let _ = write!(
            b,
            "<li><code>{}</code>: {} {}, {}</li>",
            esc(&name),
            esc(&r.engine.name),
            esc(&r.engine.version),
            count(r.cases.len(), "case", "cases")
        );
    }
    b.push_str("</ul>\n</footer>\n");
}

/// Text with its line breaks kept as paragraphs.
pub fn paragraphs(text: &str) -> String {
    text.split('\n')
        .filter(|p| !p.trim().is_empty())
        .map(|p| format!("<p>{}</p>", esc(p)))
        .collect()
}
