// Drives the inspector page of Tests/ReducerKitInspectorTests/Fixtures/real-data.json: a 64-bit
// integer shown as recorded, a sensitive value shown redacted, a set and a dictionary shown as
// what they are (not as the arrays JSON writes), a runtime warning shown with its step. Uses
// common.js.
(function () {
  const $ = (id) => document.getElementById(id);
  function leaf(path) {
    const node = document.querySelector('#state .leaf[data-path="' + path + '"]');
    return node ? node.textContent : "(none)";
  }
  try {
    check("the page is ready", document.body.dataset.ready === "true", "no ready mark");
    check("UInt64.max is shown as recorded, not rounded",
      leaf("huge") === "huge: 18446744073709551615", leaf("huge"));
    check("the change shows the exact number too",
      $("diff").textContent.includes("18446744073709551615"), $("diff").textContent);
    key("ArrowRight");
    const pin = document.querySelector('#state .leaf[data-path="pin"] .redacted');
    check("the sensitive pin is a redacted block", pin !== null && /^█+ \d+$/.test(pin.textContent),
      pin ? pin.textContent : "no redacted pin");
    check("no step shows a warning before the last", $("warnings").textContent === "none",
      $("warnings").textContent);
    key("End");
    const warnings = document.querySelectorAll("#warnings .warning");
    check("the last step shows its runtime warning", warnings.length === 1 &&
      warnings[0].textContent.includes("received a child action while its state was nil"),
      $("warnings").textContent);
    check("its row is marked", document.querySelector('.step.selected .warned') !== null,
      "no mark on the row");
    check("a tap that changed nothing and started nothing is marked as doing nothing",
      document.querySelector(".step.selected.noop") !== null &&
      document.querySelectorAll(".step.noop").length === 1,
      document.querySelectorAll(".step.noop").length + " rows marked");
    // The steps before the last: a set gains and loses elements; a dictionary with integer keys
    // (JSON writes an object) and one with UUID keys (JSON writes `[key, value, …]`) gain and
    // change entries.
    const summary = (path) => {
      const node = document.querySelector('#state details[data-path="' + path + '"] > summary');
      return node ? node.textContent : "(none)";
    };
    const diffText = () => $("diff").textContent;
    const guest = '"00000000-0000-0000-0000-000000000001"';
    key("ArrowLeft");
    check("an entry of a dictionary written as keys and values is named by its key",
      diffText() === "seats[" + guest + "] 2 → 3", diffText());
    check("that dictionary is shown as one", summary("seats") === "seats: […: …] 1 entry",
      summary("seats"));
    check("its entry is shown under its key", leaf("seats[1]") === guest + ": 3",
      leaf("seats[1]"));
    key("ArrowLeft");
    check("its first entry is inserted, by key", diffText() === "inserted seats[" + guest + "] 2",
      diffText());
    key("ArrowLeft");
    check("a dictionary's new entry is named by its key", diffText() === "inserted scores[4] 7",
      diffText());
    check("a dictionary is shown as one, by entries", summary("scores") === "scores: […: …] 2 entries",
      summary("scores"));
    check("its entries are shown under their keys", leaf("scores.3") === "3: 2" &&
      leaf("scores.4") === "4: 7", leaf("scores.3") + " / " + leaf("scores.4"));
    key("ArrowLeft");
    check("a dictionary's changed entry shows its value before and after",
      diffText() === "scores[3] 1 → 2", diffText());
    key("ArrowLeft");
    check("a dictionary's first entry for a key is inserted", diffText() === "inserted scores[3] 1",
      diffText());
    key("ArrowLeft");
    check("a set's element replaced in place is one out and one in, not a position",
      diffText() === 'tags removed {"a"}, inserted {"c"}', diffText());
    check("a set is shown as one", summary("tags") === "tags: Set 1 element", summary("tags"));
    check("its elements have no positions", leaf("tags[0]") === '"c"', leaf("tags[0]"));
    key("ArrowLeft");
    check("a set's lost element is said as such", diffText() === 'tags removed {"b"}', diffText());
    key("ArrowLeft");
    check("a set's new element is said as such (not as a position in its JSON)",
      diffText() === 'tags inserted {"a"}', diffText());
    // The note typed into: each keystroke a text splice, which the page applies (UTF-16
    // offsets, an emoji two units) and shows as the string before and after.
    const dashes = "-".repeat(70);
    key("Home");
    key("ArrowRight");
    key("ArrowRight");
    check("a text splice is applied to its string",
      leaf("note") === "note: " + JSON.stringify(dashes + "a"), leaf("note"));
    check("and shown as the string before and after", diffText() ===
      "note " + JSON.stringify(dashes) + " → " + JSON.stringify(dashes + "a"), diffText());
    key("ArrowRight");
    check("an emoji typed after it lands after it, whole",
      leaf("note") === "note: " + JSON.stringify(dashes + "a\uD83D\uDE00"), leaf("note"));
    finish();
  } catch (error) {
    finish(error);
  }
})();
