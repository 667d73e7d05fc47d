// Drives the inspector page of a 10,000-step session (`benchmarks --sessions --session-dir`):
// the timeline draws only the rows on screen, and the state of any step is rebuilt exactly
// (the session's `edits` counts its steps). Reports the times it saw; asserts none.
(function () {
  const $ = (id) => document.getElementById(id);
  function edits() {
    const leaf = document.querySelector('#state .leaf[data-path="edits"]');
    return leaf ? leaf.textContent : "(none)";
  }
  try {
    check("the page is ready", document.body.dataset.ready === "true", "no ready mark");
    const rows = document.querySelectorAll(".step").length;
    check("only the rows on screen are drawn", rows > 0 && rows < 200, rows + " rows");
    check("step 1's state", edits() === "edits: 1", edits());
    let start = performance.now();
    for (let i = 0; i < 249; i++) key("ArrowRight");
    const stepping = (performance.now() - start) / 249;
    check("249 × → reach step 250 with its state", document.body.dataset.selected === "250" &&
      edits() === "edits: 250", document.body.dataset.selected + ", " + edits());
    start = performance.now();
    key("End");
    const toEnd = performance.now() - start;
    check("End reaches step 10000 with its state", document.body.dataset.selected === "10000" &&
      edits() === "edits: 10000", document.body.dataset.selected + ", " + edits());
    check("the last row is drawn", document.querySelector('.step[data-step="10000"]') !== null,
      "not drawn");
    key("Home");
    check("Home is back at step 1", edits() === "edits: 1", edits());
    harness.results.push("time load " + document.body.dataset.loadMs + " ms, → " +
      stepping.toFixed(2) + " ms per step, End " + toEnd.toFixed(1) + " ms");
    finish();
  } catch (error) {
    finish(error);
  }
})();
