// What every check script shares: `check` notes a result, `key` presses a key (a keydown
// event, as the page's handler receives one), `finish` writes PASS or FAILED and the results
// into #harness-result, which the CI script reads from the DOM Chromium dumps.
const harness = { results: [] };
function check(what, condition, detail) {
  harness.results.push((condition ? "ok   " : "FAIL ") + what + (condition ? "" : " — " + detail));
}
function key(name, target) {
  (target || document).dispatchEvent(
    new KeyboardEvent("keydown", { key: name, bubbles: true, cancelable: true }));
}
function finish(error) {
  if (error) harness.results.push("FAIL the checks threw: " + error);
  const out = document.createElement("pre");
  out.id = "harness-result";
  const failed = harness.results.filter((r) => r.startsWith("FAIL")).length;
  out.textContent = (failed === 0 ? "PASS " : "FAILED ") + harness.results.length + " checks\n" +
    harness.results.join("\n");
  document.body.appendChild(out);
}
