// Drives the inspector page of Tests/ArticlesFeatureTests/Recordings/session.json with the
// keyboard and checks what the DOM shows; uses common.js. Injected after the page's own
// script.
(function () {
  const $ = (id) => document.getElementById(id);
  function selected() { return document.querySelector(".step.selected"); }
  function state() {
    const row = selected();
    return {
      name: $("action-name").textContent,
      origin: $("origin") ? $("origin").textContent : "(none)",
      step: row ? row.dataset.step : "(none)",
      lane: row ? row.dataset.lane : "(none)",
    };
  }
  try {
    check("the page is ready", document.body.dataset.ready === "true", "no ready mark");
    let now = state();
    check("step 1 is selected at start", now.step === "1" && now.name === "onAppear",
      JSON.stringify(now));
    check("step 1 came from outside", now.origin === "outside" && now.lane === "outside",
      JSON.stringify(now));

    key("ArrowRight");
    now = state();
    check("→ selects step 2, delivered by the root feature's effect",
      now.step === "2" && now.name === "articlesLoaded" && now.origin === "the root feature" &&
      now.lane === "the root feature", JSON.stringify(now));
    const changes = [...document.querySelectorAll("#diff .change")].map((c) => c.dataset.path);
    check("step 2's diff changes the articles", changes.some((p) => p.startsWith("articles")),
      JSON.stringify(changes));
    // Times as recorded: step 1 at 3,736 µs and step 2 at 408,436 µs since the recording
    // started (the fixture's own numbers).
    check("the selected step says when it happened, and how long after the step before",
      $("step-time")?.textContent === " · at 408.4 ms (+404.7 ms)", $("step-time")?.textContent);
    check("each row shows the time since the row before",
      document.querySelector('.step[data-step="2"] .gap')?.textContent === "+404.7 ms",
      document.querySelector('.step[data-step="2"]')?.textContent);
    check("the state tree opens the route to a change and marks it",
      document.querySelector("#state details.route") !== null &&
      document.querySelector("#state .changed") !== null, "no route or changed node");

    key("ArrowRight");
    now = state();
    check("→ again selects step 3", now.step === "3" &&
      now.name === "articles[id: 1].favoriteTapped", JSON.stringify(now));
    check("step 3 started an effect in its row",
      $("effects").textContent.includes("started in articles[id: 1]"), $("effects").textContent);
    key("ArrowLeft");
    check("← goes back to step 2", state().step === "2", JSON.stringify(state()));

    key("/");
    const search = $("search");
    check("/ focuses the search", document.activeElement === search, "focus elsewhere");
    search.value = "confirmHide";
    search.dispatchEvent(new Event("input", { bubbles: true }));
    key("Enter", search);
    now = state();
    check("search and Enter select the matching step",
      now.name === "destination.presented.confirmHide.hide" && now.step === "5",
      JSON.stringify(now));
    check("the match count says so", $("match-count").textContent === "1 of 1 match",
      $("match-count").textContent);
    key("Escape", search);
    check("Escape leaves the search", document.activeElement !== search, "still focused");

    // A binding's row says which field it set and to what.
    search.value = "query";
    search.dispatchEvent(new Event("input", { bubbles: true }));
    key("Enter", search);
    now = state();
    check("a binding's row names its field and value",
      now.name === 'binding(\\.query = "t")' && now.step === "6", JSON.stringify(now));
    check("each keystroke's binding is found", $("match-count").textContent === "1 of 7 matches",
      $("match-count").textContent);
    key("Escape", search);

    // Filtering: f shows only the matches, → moves among them, f again shows every step.
    key("f");
    const shown = () => [...document.querySelectorAll(".step")].map((row) => row.dataset.step);
    check("f shows only the matching rows", shown().join(",") === "6,7,8,9,10,11,12",
      shown().join(","));
    check("no effect bar is drawn between rows that are not consecutive",
      document.querySelectorAll(".span").length === 0, "bars drawn");
    key("ArrowRight");
    check("→ moves to the next match", state().step === "7", JSON.stringify(state()));
    key("End");
    check("End goes to the last match", state().step === "12", JSON.stringify(state()));
    key("f");
    check("f again shows every step", shown().length === 18, shown().length + " rows");

    // Searching by the path a step changed, and by its lane.
    key("/");
    search.value = "changed:filter";
    search.dispatchEvent(new Event("input", { bubbles: true }));
    key("Enter", search);
    check("changed: finds the one step that changed the filter",
      state().step === "13" && $("match-count").textContent === "1 of 1 match",
      JSON.stringify(state()) + " " + $("match-count").textContent);
    search.value = "lane:path";
    search.dispatchEvent(new Event("input", { bubbles: true }));
    const laneMatches = [...document.querySelectorAll(".step.match")];
    check("lane: marks the one step a stack screen's effect delivered (its dismissal)",
      laneMatches.map((row) => row.dataset.step).join(",") === "18" &&
        laneMatches[0].dataset.lane.startsWith("path[id: 0]"),
      laneMatches.map((row) => row.dataset.step + " " + row.dataset.lane).join(", "));
    search.value = "";
    search.dispatchEvent(new Event("input", { bubbles: true }));
    key("Escape", search);
    check("the address links to the selected step", location.hash === "#step=13",
      location.hash);

    // Changes read as what they did: an element removed (named by its id), one inserted, a
    // path through a stack screen and an enum's payload as written, without `element` or `_0`.
    const changeTexts = (step) => {
      document.querySelector('.step[data-step="' + step + '"]').click();
      return [...document.querySelectorAll("#diff .change .path")].map((p) => p.textContent);
    };
    check("a removed element reads as removed, named by its id",
      changeTexts(5)[0] === "removed articles[id: 2] ",
      JSON.stringify(changeTexts(5)));
    // The dismissed alert's value is too long for its line: it opens as a tree.
    const dismissed = [...document.querySelectorAll("#diff .change")]
      .find((row) => row.dataset.path === "destination");
    const before = dismissed && dismissed.querySelector(".value-tree");
    if (before) { before.open = true; before.dispatchEvent(new Event("toggle")); }
    check("a long value opens as a tree of its fields",
      before !== null && before !== undefined &&
      [...before.querySelectorAll(".tree summary")].some((s) => /^confirmHide: /.test(s.textContent)),
      before ? before.textContent.slice(0, 200) : "no value tree in the destination's change");
    check("a pushed screen reads as inserted", changeTexts(14)[0] === "inserted in path at 0 ",
      JSON.stringify(changeTexts(14)));
    // Its value as written too: the screen by its id, its case's payload in the case's place.
    const inserted = document.querySelector("#diff .change .after");
    check("a pushed screen's value reads by its id, without element or _0",
      inserted !== null && inserted.textContent.startsWith("[[id: 0]: {") &&
      !/"(element|_0)"/.test(inserted.textContent),
      inserted ? inserted.textContent.slice(0, 120) : "no inserted value");
    // The stack's cancellation of removed screens, returned with the push, stopped nothing.
    check("a push does not list a cancellation that stopped nothing",
      !$("effects").textContent.includes("removed elements"), $("effects").textContent);
    check("a change inside a pushed screen reads by the screen's id, without element or _0",
      changeTexts(15)[0] === "path[id: 0].reader.article.isFavorite ",
      JSON.stringify(changeTexts(15)));
    const labels = [...document.querySelectorAll("#state summary, #state .leaf .key")]
      .map((node) => node.textContent);
    check("the state's tree shows the screen by its id and the case's payload in its place",
      labels.some((text) => text.startsWith("[id: 0]: ")) &&
      labels.some((text) => text.startsWith("reader: ")) &&
      !labels.some((text) => /^(_0|element): /.test(text)),
      labels.slice(0, 20).join(" | "));
    const favorite = document.querySelector('#state .leaf.changed[data-path$="isFavorite"]');
    check("the changed leaf inside the screen is marked", favorite !== null,
      "no changed isFavorite leaf");

    const cancelled = document.querySelectorAll('.span.cancelled[data-lane="the root feature"]');
    check("cancelled searches are drawn as cancelled spans in their lane", cancelled.length >= 5,
      "found " + cancelled.length);
    check("a search's bar is named by the action that started it",
      [...cancelled].some((bar) => /started by step \d+ \(binding\(\\\.query = /.test(bar.title)),
      [...cancelled].map((bar) => bar.title).join(" | "));
    check("a search the next keystroke replaced is drawn as replaced, not as a failure",
      [...cancelled].filter((bar) => bar.classList.contains("replaced") &&
        /replaced by a newer run at step \d+/.test(bar.title)).length >= 5,
      [...cancelled].map((bar) => bar.className + ": " + bar.title).join(" | "));
    // The reader's Close ran `dismiss()`: its work ends as the screen is popped.
    const closed = document.querySelector('.span.cancelled[data-lane^="path[id: 0]"]');
    check("a screen's own dismissal is drawn as its feature going away",
      closed !== null && closed.classList.contains("dismissed") &&
      /ended when its feature went away at step 18/.test(closed.title),
      closed ? closed.className + ": " + closed.title : "no cancelled span in the reader's lane");
    check("lanes are named in the header",
      [...document.querySelectorAll("#lane-header .lane-name")].some((l) =>
        l.title.includes("effects of the root feature")), "no lane title");

    key("End");
    now = state();
    check("End selects the last step, from the reader's effect",
      now.step === "18" && now.name === "path.popFrom" && now.lane.startsWith("path[id: 0]"),
      JSON.stringify(now));
    key("Home");
    check("Home selects the first step", state().step === "1", JSON.stringify(state()));
    finish();
  } catch (error) {
    finish(error);
  }
})();
