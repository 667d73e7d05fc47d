// Selects a step with changes and effects before Chromium takes the screenshot.
(function () {
  for (let i = 0; i < 4; i++) {
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
  }
})();
