// Drives the inspector page of Tests/ReducerKitInspectorTests/Fixtures/real-data.json: a 64-bit
// integer shown as recorded, a sensitive value shown redacted, a runtime warning shown with its
// step. Uses common.js.
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
    finish();
  } catch (error) {
    finish(error);
  }
})();
