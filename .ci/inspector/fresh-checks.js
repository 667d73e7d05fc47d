// Drives the page of a session the articles app has just recorded (`articles --record`): the
// page opens on its first step, the load's answer comes from the root feature's effect, and the
// favourite tapped is found by search. Uses common.js.
(function () {
  const $ = (id) => document.getElementById(id);
  try {
    check("the page is ready", document.body.dataset.ready === "true", "no ready mark");
    check("it opens on onAppear", $("action-name").textContent === "onAppear",
      $("action-name").textContent);
    key("ArrowRight");
    check("the load's answer comes from the root feature's effect",
      $("action-name").textContent === "articlesLoaded" &&
      $("origin").textContent === "the root feature",
      $("action-name").textContent + " from " + $("origin").textContent);
    key("/");
    const search = $("search");
    search.value = "favorite";
    search.dispatchEvent(new Event("input", { bubbles: true }));
    key("Enter", search);
    check("search finds the favourite tapped",
      $("action-name").textContent === "articles[id: 1].favoriteTapped",
      $("action-name").textContent);
    check("its row's effect is drawn in its lane",
      document.querySelector('.span[data-lane="articles[id: 1]"]') !== null, "no span");
    const load = [...document.querySelectorAll('.span[data-lane="the root feature"]')]
      .find((bar) => /load/.test(bar.dataset.ids || ""));
    check("the load's effect is named by its cancel id",
      load !== undefined && /cancel id "[^"]*load"/.test(load.title),
      load ? load.title : [...document.querySelectorAll(".span")].map((bar) => bar.title).join(" | "));
    finish();
  } catch (error) {
    finish(error);
  }
})();
