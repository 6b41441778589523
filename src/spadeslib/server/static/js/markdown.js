// The rules card (`spadeslib explain`) is a small, known dialect of Markdown: "#" and "##"
// headings, "- " list items, paragraphs, **bold**, *italic* and `code`. It is rendered
// here into DOM nodes (text nodes only, never innerHTML), so a house-rules file's name or
// description cannot inject markup.

import { h } from "./dom.js";

/** The inline spans of one line: **bold**, *italic*, `code`, the rest as text. */
export function inline(text) {
  const out = [];
  const pattern = /\*\*(.+?)\*\*|`([^`]+)`|\*([^*\s][^*]*?)\*/g;
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    if (m[1] !== undefined) out.push(h("strong", {}, ...inline(m[1])));
    else if (m[2] !== undefined) out.push(h("code", {}, m[2]));
    else out.push(h("em", {}, m[3]));
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** A document fragment for `text`; headings start at level `base` (default 2). */
export function render(text, base = 2) {
  const root = document.createDocumentFragment();
  let list = null;
  let para = null;
  const close = () => {
    list = null;
    para = null;
  };
  for (const raw of String(text || "").split(/\r?\n/)) {
    const line = raw.trimEnd();
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const item = /^\s*[-*]\s+(.*)$/.exec(line);
    if (!line.trim()) {
      close();
    } else if (heading) {
      close();
      const level = Math.min(6, heading[1].length + base - 1);
      root.append(h(`h${level}`, {}, ...inline(heading[2])));
    } else if (item) {
      para = null;
      if (!list) {
        list = h("ul");
        root.append(list);
      }
      list.append(h("li", {}, ...inline(item[1])));
    } else if (list && /^\s{2,}/.test(raw)) {
      list.lastElementChild.append(" ", ...inline(line.trim()));
    } else {
      list = null;
      if (!para) {
        para = h("p");
        root.append(para);
      } else {
        para.append(" ");
      }
      para.append(...inline(line.trim()));
    }
  }
  return root;
}
