// The inspector page of the articles session opened at a link to a step (#step=5); uses
// common.js. Injected after the page's own script.
(function () {
  try {
    check("the page is ready", document.body.dataset.ready === "true", "no ready mark");
    check("the linked step is selected", document.body.dataset.selected === "5" &&
      document.querySelector(".step.selected")?.dataset.step === "5",
      document.body.dataset.selected);
    key("ArrowRight");
    check("the address follows the selection", location.hash === "#step=6", location.hash);
    finish();
  } catch (error) {
    finish(error);
  }
})();
