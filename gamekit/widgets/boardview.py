"""`BoardView`: the SVG board in the browser, an anywidget, and the page's side of it.

It shows the SVG an adapter drew (`gamekit.widgets.adapters`) and sends back what a person
does, as messages to the kernel: ``{"kind": "click", "action": ...}`` for a click on an element
with ``data-action``, ``{"kind": "key", "key": ...}`` for one of the adapter's instant keys (a
Connect Four column's digit), ``{"kind": "typed", "text": ...}`` for a move typed then Enter (a
Hex cell name). Everything else (whose turn, the engine, the status words) is decided in Python
by `gamekit.widgets.board.GameBoard`.

The lines under the board wrap at the board's width (``width: 0; min-width: 100%``): a long
message never widens the board, so the controls beside it stay where they are.

The CSS gives Connect Four its feel: the column under the pointer (or focused) is lit
(``.gk-col-shade``), and a new disc drops into its hole (``.gk-drop``, from ``--gk-drop`` pixels
above it, set by the adapter).
"""

from __future__ import annotations

import anywidget
import traitlets

ESM = r"""
function render({ model, el }) {
  el.classList.add("gk-boardview");
  const box = document.createElement("div");
  box.className = "gk-svg";
  box.tabIndex = 0;
  box.setAttribute("data-lm-suppress-shortcuts", "true");
  const status = document.createElement("div");
  status.className = "gk-status";
  status.setAttribute("aria-live", "polite");
  const typed = document.createElement("div");
  typed.className = "gk-typed";
  el.append(box, status, typed);
  let buffer = "";
  const draw = () => {
    box.innerHTML = model.get("svg");
    box.setAttribute("aria-label", model.get("label"));
  };
  const say = () => {
    status.textContent = model.get("status");
    status.dataset.kind = model.get("status_kind");
  };
  const showTyped = () => {
    typed.textContent = buffer
      ? "typed: " + buffer + "  (Enter plays, Esc clears)"
      : model.get("typing_help");
  };
  box.addEventListener("click", (event) => {
    const target = event.target.closest("[data-action]");
    if (target && box.contains(target)) {
      model.send({ kind: "click", action: target.dataset.action, sent: Date.now() });
    }
  });
  box.addEventListener("keydown", (event) => {
    const key = event.key;
    const focused = document.activeElement;
    event.stopPropagation();
    if ((key === "Enter" || key === " ") && !buffer && focused && focused !== box
        && focused.dataset && focused.dataset.action) {
      model.send({ kind: "click", action: focused.dataset.action });
    } else if (!buffer && key.length === 1
               && (model.get("instant_keys") === "*" || model.get("instant_keys").includes(key))) {
      model.send({ kind: "key", key: key });
    } else if (key === "Enter") {
      if (buffer) model.send({ kind: "typed", text: buffer });
      buffer = "";
    } else if (key === "Escape") {
      buffer = "";
    } else if (key === "Backspace") {
      buffer = buffer.slice(0, -1);
    } else if (key.length === 1 && /[A-Za-z0-9 ,]/.test(key)) {
      buffer += key;
    } else if (key.length === 1) {  // a key that can be no part of a move: say so
      event.preventDefault();
      const refused = model.get("not_a_move").split("{key}").join(key);
      typed.textContent = refused + " " + model.get("typing_help");
      return;
    } else {
      return;
    }
    event.preventDefault();
    showTyped();
  });
  model.on("change:svg", draw);
  model.on("change:status", say);
  model.on("change:status_kind", say);
  model.on("change:typing_help", showTyped);
  draw(); say(); showTyped();
}
export default { render };
"""

CSS = """
.gk-boardview { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  /* A light card in every theme: the board's own colours are chosen against it. */
  background: #fbfaf7; color: #1f1f1f; border-radius: 10px; padding: 6px 8px;
  color-scheme: light; }
.gk-boardview .gk-svg { display: inline-block; border-radius: 10px; outline: none; }
.gk-boardview .gk-svg:focus-visible { box-shadow: 0 0 0 3px #90caf9; }
.gk-boardview svg { display: block; }
.gk-boardview [data-action] { cursor: pointer; outline: none; }
.gk-boardview [data-action]:focus-visible > :first-child { stroke: #1565c0; stroke-width: 4; }
.gk-boardview .gk-col .gk-col-shade { opacity: 0; transition: opacity 0.1s; }
.gk-boardview .gk-col:hover .gk-col-shade,
.gk-boardview .gk-col:focus-visible .gk-col-shade { opacity: 0.22; }
.gk-boardview .gk-cell:hover .gk-cell-bg { fill: #e8f0fb; }
.gk-boardview .gk-cell:hover .gk-hexagon { fill: #e4ecf7; }
.gk-boardview .gk-give:hover .gk-give-bg { fill: #e8f5e9; }
.gk-boardview .gk-drop { animation: gk-drop 0.38s cubic-bezier(0.45, 0, 0.8, 0.6); }
@keyframes gk-drop { from { transform: translateY(var(--gk-drop)); } to { transform: none; } }
.gk-boardview .gk-status { font-size: 14px; margin: 6px 0 2px; min-height: 1.4em; }
.gk-boardview .gk-status[data-kind="problem"] { color: #b00020; font-weight: 600; }
.gk-boardview .gk-status[data-kind="thinking"] { color: #0d47a1; }
.gk-boardview .gk-typed { font-size: 12px; color: #595959; min-height: 1.2em; }
.gk-boardview .gk-status, .gk-boardview .gk-typed { width: 0; min-width: 100%; }
"""


class BoardView(anywidget.AnyWidget):
    """The SVG board and its status line; clicks and keys come back as messages."""

    _esm = ESM
    _css = CSS
    svg = traitlets.Unicode("").tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    status_kind = traitlets.Unicode("").tag(sync=True)  # "", "problem" or "thinking"
    instant_keys = traitlets.Unicode("").tag(sync=True)  # "*": every key goes to the kernel
    typing_help = traitlets.Unicode("").tag(sync=True)
    not_a_move = traitlets.Unicode("'{key}' is not part of a move.").tag(sync=True)
