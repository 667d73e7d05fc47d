// Drives the page of a 30-screen session the articles app records (a reader pushed and closed
// thirty times): past 24 lanes the instances of a feature share one column, named with their
// count; `g` shows each instance in its own lane, every lane still named. Uses common.js.
(function () {
  const names = () => [...document.querySelectorAll("#lane-header .lane-name")];
  try {
    check("the page is ready", document.body.dataset.ready === "true", "no ready mark");
    const lanes = Number(/(\d+) lanes/.exec(document.getElementById("counts").textContent)[1]);
    check("the session has more than 24 lanes", lanes > 24, lanes + " lanes");
    check("it opens grouped", document.getElementById("group").checked, "not grouped");
    const group = names().find((cell) => cell.classList.contains("group"));
    check("the thirty readers share one column, named with their count",
      group !== undefined && group.textContent === "path[id: …] → (case Reader.State) ×30",
      names().map((cell) => cell.textContent).join(" | "));
    check("grouped, the header has a few columns", names().length <= 4, names().length + "");
    const reader = document.querySelector('.span[data-lane="path[id: 7] → (case Reader.State)"]');
    const left = reader ? reader.style.left : "";
    key("g");
    check("g shows each instance in its own lane, every one named",
      names().length === lanes && names().every((cell) => cell.textContent.length > 0),
      names().length + " of " + lanes);
    const apart = document.querySelector('.span[data-lane="path[id: 7] → (case Reader.State)"]');
    check("an instance's effect moves to its own lane",
      reader !== null && apart !== null && apart.style.left !== left, left);
    key("g");
    check("g again groups them", names().length <= 4, names().length + "");
    const columns = names().length;
    names().find((cell) => cell.classList.contains("group")).click();
    check("clicking the group's name shows its thirty instances, the rest still grouped",
      names().length === columns + 29, names().length + " columns");
    names().find((cell) => cell.textContent === "path[id: 7] → (case Reader.State)").click();
    check("clicking one of them groups them again", names().length === columns,
      names().length + " columns");
    finish();
  } catch (error) {
    finish(error);
  }
})();
