// Writes a test from steps of the articles session checked in with the tests ("Write a test"):
// the range the CI script gives in the address (?test=FROM-TO), the feature `Articles`, through
// the page's own fields and button. Copies the text into #generated-test, which the CI script
// compares with the test checked in beside the recording (it runs with `swift test`). Uses
// common.js.
(function () {
  const $ = (id) => document.getElementById(id);
  try {
    check("the page is ready", document.body.dataset.ready === "true", "no ready mark");
    const range = /test=(\d+)-(\d+)/.exec(location.search);
    check("the address names a range", range !== null, location.search);
    $("test-from").value = range[1];
    $("test-to").value = range[2];
    $("test-feature").value = "Articles";
    $("test-write").click();
    const text = $("test-text").value;
    check("the test is shown", $("test-text").classList.contains("written") && text.length > 0,
      "no text");
    check("it starts from the state before its first step",
      text.includes("let initialState: Articles.State = try recorded(") &&
      text.includes("let store = TestStore(initialState: initialState) {"), text.slice(0, 300));
    check("a step from outside is sent, one from an effect received",
      text.includes("await store.send(try recorded(") &&
      text.includes("await store.receive(try recorded("), text.slice(0, 300));
    // Typing in the fields is not a shortcut: "f" in the feature's name does not filter.
    $("test-feature").focus();
    key("f", $("test-feature"));
    check("typing in a field is not a shortcut", !$("filter").checked, "the filter turned on");
    // A focused checkbox is not a field: the arrows still step.
    const before = document.body.dataset.selected;
    $("filter").focus();
    key("ArrowRight", $("filter"));
    check("the arrows step with a checkbox focused",
      document.body.dataset.selected === String(Number(before) + 1),
      before + " → " + document.body.dataset.selected);
    const out = document.createElement("pre");
    out.id = "generated-test";
    out.textContent = text;
    document.body.appendChild(out);
    finish();
  } catch (error) {
    finish(error);
  }
})();
