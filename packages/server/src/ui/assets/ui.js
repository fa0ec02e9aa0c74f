// urnkit web UI, progressive enhancement only: every page works without this file.
// 1. The namespace table filters as you type.
// 2. Locator fieldsets get "move up"/"move down" buttons that reorder them and renumber the
//    priorities (higher first), so the saved order is what you see.
// 3. Forms with data-confirm ask before an irreversible action.

for (const input of document.querySelectorAll("input[data-filter]")) {
  const table = document.getElementById(input.dataset.filter);
  const count = document.getElementById("ns-count");
  if (!table) continue;
  const rows = [...table.tBodies[0].rows];
  input.addEventListener("input", () => {
    const q = input.value.trim().toLowerCase();
    let shown = 0;
    for (const row of rows) {
      const hit = row.dataset.search.includes(q);
      row.hidden = !hit;
      if (hit) shown++;
    }
    if (count) count.textContent = `${shown} of ${rows.length} shown`;
  });
}

for (const form of document.querySelectorAll("form[data-locators]")) {
  const sets = () => [...form.querySelectorAll("[data-locator]")];
  const renumber = () => {
    const all = sets();
    all.forEach((set, i) => {
      const priority = set.querySelector("[data-priority]");
      if (priority) priority.value = String(all.length - i);
    });
  };
  const move = (set, delta, button) => {
    const all = sets();
    const to = all.indexOf(set) + delta;
    if (to < 0 || to >= all.length) return;
    if (delta < 0) all[to].before(set);
    else all[to].after(set);
    renumber();
    button.focus();
  };
  for (const set of sets()) {
    const name = set.querySelector("legend")?.textContent ?? "locator";
    const bar = document.createElement("div");
    bar.className = "move";
    for (const [label, delta] of [
      ["Move up", -1],
      ["Move down", 1],
    ]) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "secondary small";
      b.textContent = label;
      b.setAttribute("aria-label", `${label}: ${name}`);
      b.addEventListener("click", () => move(set, delta, b));
      bar.append(b);
    }
    set.append(bar);
  }
}

// Without script the server asks on a page of its own; a confirmed dialog skips that page.
for (const form of document.querySelectorAll("form[data-confirm]")) {
  form.addEventListener("submit", (event) => {
    if (!window.confirm(form.dataset.confirm)) event.preventDefault();
    else for (const field of form.querySelectorAll("[data-confirmed]")) field.value = "yes";
  });
}
