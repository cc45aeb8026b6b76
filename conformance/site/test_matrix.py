"""The compliance matrix in a real browser: headless Chromium (Debian's `chromium`, driven by
Selenium through Debian's `chromedriver`) loads the site from file:// and is checked against the
JSON reports it was built from, read here independently of the Rust code that built it.

Environment: MATRIX_SITE (the site directory), MATRIX_REPORTS (the reports, separated by
os.pathsep, in the order given to `report --html`), MATRIX_SCREENSHOT (where to save the
screenshot; default MATRIX_SITE/matrix.png)."""

import json
import os
from collections import Counter
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

SITE = Path(os.environ["MATRIX_SITE"]).resolve()
REPORTS = [Path(p) for p in os.environ["MATRIX_REPORTS"].split(os.pathsep) if p]
SCREENSHOT = Path(os.environ.get("MATRIX_SCREENSHOT") or SITE / "matrix.png")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--window-size=1400,1600",
]
STATUSES = ["passed", "failed", "errored", "xfailed", "skipped"]


def status(record):
    """How the site is meant to count a record (written from the report's schema)."""
    if record["expectation"] == "xfailed":
        return "xfailed"
    if record["verdict"] in ("passed", "failed", "skipped"):
        return record["verdict"]
    return "errored"  # errored, crash, timeout, protocol


def read_report(path):
    header, cases = None, []
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        record = json.loads(line)
        if record["type"] == "header":
            header = record
        elif record["type"] == "case":
            cases.append(record)
    assert header is not None, f"{path} has no header"
    return {"label": f"{header['engine']['name']} {header['engine']['version']}", "cases": cases}


@pytest.fixture(scope="module")
def reports():
    assert REPORTS, "MATRIX_REPORTS names no report"
    return [read_report(p) for p in REPORTS]


@pytest.fixture(scope="module")
def browser():
    os.environ.setdefault("SE_OFFLINE", "true")  # never let Selenium fetch a driver or browser
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.implicitly_wait(0)
    yield driver
    driver.quit()


def index_url():
    return (SITE / "index.html").as_uri()


def open_index(browser):
    browser.get(index_url())
    assert browser.title.startswith("Compliance matrix")


def engine_keys(browser, reports):
    """The column key of each report, found by the engine's name in the matrix header."""
    heads = {
        th.text.strip(): th.get_attribute("data-engine")
        for th in browser.find_elements(By.CSS_SELECTOR, "table.matrix thead th[data-engine]")
    }
    keys = []
    for r in reports:
        assert r["label"] in heads, f"no column for {r['label']}: {sorted(heads)}"
        keys.append(heads.pop(r["label"]))
    return keys


# The counts a cell shows, as text: each `.n` span reads "<symbol> <n> <label>", its status
# the span's second class (a known failure's label is "failed (known)", its class `xfailed`).
CELL_COUNTS_JS = """
const out = {};
for (const row of document.querySelectorAll(arguments[0])) {
  const cells = {};
  for (const td of row.querySelectorAll('td[data-engine]')) {
    const counts = {};
    for (const n of td.querySelectorAll('.n')) {
      const words = n.innerText.replace(/\\u00a0/g, ' ').trim().split(/\\s+/);
      counts[n.classList[1]] = Number(words[1]);
    }
    cells[td.getAttribute('data-engine')] = counts;
  }
  out[row.getAttribute(arguments[1])] = cells;
}
return out;
"""


def test_loads_offline_from_file_and_the_script_runs(browser):
    open_index(browser)
    loaded = browser.execute_script(
        "return [...document.querySelectorAll('[src], link[href]')]"
        ".map(e => e.src || e.href)")
    assert loaded, "the page has its stylesheet and script"
    assert all(u.startswith(SITE.as_uri() + "/") for u in loaded), loaded
    # The stylesheet applied: a status has its colour (and its word, tested below).
    passed = browser.execute_script(
        "return getComputedStyle(document.querySelector('.legend .n.passed')).backgroundColor")
    assert passed not in ("", "rgba(0, 0, 0, 0)"), passed
    # Without the script the form stays hidden; with it, it shows.
    assert browser.find_element(By.ID, "filters").is_displayed()


def test_counts_shown_equal_the_reports(browser, reports):
    open_index(browser)
    keys = engine_keys(browser, reports)
    summary = browser.execute_script(CELL_COUNTS_JS, "tr[data-summary]", "data-summary")
    sources = browser.execute_script(CELL_COUNTS_JS, "tr[data-source]", "data-source")
    assert sources, "the matrix has source rows"
    checked = 0
    for report, key in zip(reports, keys):
        overall = Counter(status(c) for c in report["cases"])
        assert summary["all"][key] == dict(overall), report["label"]
        for source, cells in sources.items():
            expected = Counter(status(c) for c in report["cases"] if source in c["covers"])
            assert cells[key] == dict(expected), (report["label"], source)
            checked += sum(expected.values())
    assert checked > 0
    # The case list: each engine's verdict, as a word, on each case's row.
    verdicts = browser.execute_script("""
        const out = {};
        for (const row of document.querySelectorAll('tr[data-case]')) {
          const cells = {};
          for (const td of row.querySelectorAll('td[data-engine]')) {
            cells[td.getAttribute('data-engine')] = [td.getAttribute('data-status'), td.innerText.trim()];
          }
          out[row.getAttribute('data-case')] = cells;
        }
        return out;""")
    for report, key in zip(reports, keys):
        for c in report["cases"]:
            shown, text = verdicts[c["id"]][key]
            assert shown == status(c), (report["label"], c["id"])
            # A known failure reads as a failure: the failure's symbol and word, "known" after.
            want = "✗ failed (known)" if shown == "xfailed" else shown
            assert text.endswith(want), (report["label"], c["id"], text)


def test_a_failing_case_links_to_its_diff(browser, reports):
    open_index(browser)
    keys = engine_keys(browser, reports)
    failing = [
        (key, c) for r, key in zip(reports, keys) for c in r["cases"]
        if c["verdict"] == "failed" and c.get("expected") and c.get("observed")
    ]
    if not failing:
        pytest.skip("no report has a failed case with a diff")
    key, case = failing[0]
    link = browser.find_element(
        By.CSS_SELECTOR, f'tr[data-case="{case["id"]}"] td[data-engine="{key}"] a')
    link.click()
    assert browser.current_url.startswith(SITE.as_uri() + "/cases/")
    verdict = browser.find_element(By.ID, key)
    assert "verdict failed" in verdict.find_element(By.TAG_NAME, "h3").text
    diff = verdict.find_element(By.CSS_SELECTOR, "figure.diff pre").text
    removed = [l for l in case["expected"] if l not in case["observed"]]
    added = [l for l in case["observed"] if l not in case["expected"]]
    assert removed or added
    for line in removed:
        assert f"- {line}" in diff, diff
    for line in added:
        assert f"+ {line}" in diff, diff
    # The page quotes the source and links the case's file.
    assert browser.find_elements(By.CSS_SELECTOR, "#sources blockquote")
    href = browser.find_element(By.CSS_SELECTOR, "a.case-file").get_attribute("href")
    assert href.split("#")[0].endswith(case["file"]), href
    # And the way back.
    browser.find_element(By.LINK_TEXT, "← Compliance matrix").click()
    assert browser.current_url == index_url()


VISIBLE_JS = """
return [...document.querySelectorAll(arguments[0])]
  .filter(r => r.offsetParent !== null).map(r => r.getAttribute(arguments[1]));
"""


def test_filtering_by_engine_and_status(browser, reports):
    open_index(browser)
    keys = engine_keys(browser, reports)
    # The engine and status with the most cases other than passed, so the filter has work to do.
    n, best, wanted = max(
        (sum(status(c) == s for c in r["cases"]), i, s)
        for i, r in enumerate(reports) for s in ["failed", "errored", "xfailed", "skipped"])
    assert n > 0, "every engine passes everything: nothing to filter"
    Select(browser.find_element(By.ID, "filter-engine")).select_by_value(keys[best])
    Select(browser.find_element(By.ID, "filter-status")).select_by_value(wanted)
    cases = [c for c in reports[best]["cases"] if status(c) == wanted]
    shown = browser.execute_script(VISIBLE_JS, "tr[data-case]", "data-case")
    assert sorted(shown) == sorted(c["id"] for c in cases)
    sources = browser.execute_script(VISIBLE_JS, "tr[data-source]", "data-source")
    assert sorted(sources) == sorted({s for c in cases for s in c["covers"]})
    for other in keys:
        if other != keys[best]:
            cells = browser.find_elements(By.CSS_SELECTOR, f'td[data-engine="{other}"]')
            assert not any(c.is_displayed() for c in cells), other
    output = browser.find_element(By.ID, "shown").text
    assert f"{len(cases)} cases shown" in output
    browser.find_element(By.CSS_SELECTOR, "#filters button[type=reset]").click()
    total = browser.execute_script(VISIBLE_JS, "tr[data-case]", "data-case")
    assert len(total) == len({c["id"] for r in reports for c in r["cases"]})


def test_filtering_by_topic(browser, reports):
    open_index(browser)
    select = Select(browser.find_element(By.ID, "filter-topic"))
    topic = select.options[1].get_attribute("value")
    in_topic = browser.execute_script(
        "return [...document.querySelectorAll(`tbody[data-topic='${arguments[0]}'] tr[data-source]`)]"
        ".map(r => r.getAttribute('data-source'))", topic)
    assert in_topic
    select.select_by_value(topic)
    sources = browser.execute_script(VISIBLE_JS, "tr[data-source]", "data-source")
    assert sorted(sources) == sorted(in_topic)
    shown = browser.execute_script(VISIBLE_JS, "tr[data-case]", "data-case")
    expected = {c["id"] for r in reports for c in r["cases"] if set(c["covers"]) & set(in_topic)}
    assert sorted(shown) == sorted(expected)


CR_ROWS_JS = """
const out = [];
for (const row of document.querySelectorAll('#cr-coverage tbody tr[data-cr-section]')) {
  const [p, e] = row.querySelectorAll('td');
  out.push([row.getAttribute('data-cr-section'), p.innerText.trim(), e.innerText.trim(),
            row.hasAttribute('data-out-of-scope')]);
}
return out;
"""


def test_cr_coverage_by_section_equals_the_coverage_command(browser):
    """The CR table as the browser shows it, against `mtg-conformance coverage --format json`
    of the same corpus (build.sh writes it as SITE/coverage.json)."""
    path = Path(os.environ.get("MATRIX_COVERAGE") or SITE / "coverage.json")
    if not path.exists():
        pytest.skip(f"{path} not found (conformance/site/build.sh writes it)")
    cr = json.loads(path.read_text())["cr"]
    open_index(browser)
    rows = browser.execute_script(CR_ROWS_JS)
    expected = [
        [s["section"], f"{s['paragraphs_covered']} / {s['paragraphs']}",
         f"{s['examples_covered']} / {s['examples']}", not s["in_scope"]]
        for s in cr["sections"]
    ]
    assert rows == expected
    # The totals row adds up the sections in scope.
    total = browser.find_elements(By.CSS_SELECTOR, "#cr-coverage tfoot td")
    scoped = [r for r in rows if not r[3]]
    examples = sum(int(r[2].split(" / ")[0]) for r in scoped)
    assert [t.text.strip() for t in total][1] == f"{examples} / {cr['examples']}"
    assert examples == cr["examples_covered"]


def releases(reports):
    """Engines with reports of two or more distinct versions, each release's cases by id, in
    version order (the versions page's columns)."""
    by_engine = {}
    for r in reports:
        name, version = r["label"].rsplit(" ", 1)
        by_engine.setdefault(name, []).append((version, {c["id"]: c for c in r["cases"]}))
    out = {}
    for name, rs in by_engine.items():
        versions = [v for v, _ in rs]
        if len(rs) > 1 and len(set(versions)) == len(versions):
            key = lambda vr: [int(p) for p in vr[0].split(".")] if all(p.isdigit() for p in vr[0].split(".")) else [0]
            out[name] = sorted(rs, key=key)
    return out


def test_the_versions_page_shows_every_release_and_what_changed(browser, reports):
    engines = releases(reports)
    if not engines:
        pytest.skip("no engine has reports of two releases in this site")
    browser.get((SITE / "versions.html").as_uri())
    assert browser.title.startswith("Engines across releases")
    for name, rs in engines.items():
        section = browser.find_element(By.CSS_SELECTOR, f'section[data-versions-engine="{name}"]')
        heads = [th.get_attribute("data-release") for th in section.find_elements(By.CSS_SELECTOR, "thead th[data-release]")]
        assert heads == [v for v, _ in rs], name
        for version, cases in rs:
            passed = sum(1 for c in cases.values() if status(c) == "passed")
            cell = section.find_element(By.CSS_SELECTOR, f'tr[data-status="passed"] td[data-release="{version}"]')
            assert int(cell.text) == passed, (name, version)
        # A bar per release in the chart, drawn (it has a size on the page).
        chart = section.find_element(By.CSS_SELECTOR, "svg.versions-chart")
        assert chart.size["width"] > 0 and len(chart.find_elements(By.CSS_SELECTOR, "text")) == len(rs)
        # Between consecutive releases, the regressions as the reports have them, linked to pages
        # that exist.
        for (old_v, old), (new_v, new) in zip(rs, rs[1:]):
            want = sorted(i for i in old.keys() & new.keys()
                          if old[i]["verdict"] == "passed" and new[i]["verdict"] not in ("passed", "skipped"))
            heading = section.find_element(By.CSS_SELECTOR, f'h3[data-from="{old_v}"][data-to="{new_v}"]')
            assert f"{len(want)} regressed" in heading.text, heading.text
            items = section.find_elements(By.XPATH, f'.//h3[@data-from="{old_v}"]/following-sibling::ul[@class="regressed"][1]/li') if want else []
            shown = sorted(li.get_attribute("data-case") for li in items)
            assert shown == want, (name, old_v, new_v)
            for li in items:
                href = li.find_element(By.TAG_NAME, "a").get_attribute("href")
                assert Path(href.removeprefix("file://")).exists(), href


def test_a_screenshot_of_the_matrix(browser):
    open_index(browser)
    # The matrix itself, scrolled to the top of the window (under the sticky filters).
    browser.execute_script("document.getElementById('matrix').scrollIntoView()")
    SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
    assert browser.save_screenshot(str(SCREENSHOT))
    assert SCREENSHOT.stat().st_size > 10_000
