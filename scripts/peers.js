// Draws the 200-card benchmark deck the way runforge's cards.pdf prints it
// (Letter, 9 cards of 63.5 x 88.9 mm a sheet, each front page followed by
// its back page; name, cost, type line and wrapped rules text in the Go
// fonts, embedded as subsets; crop marks; dark backs with the game's name)
// with one of the peer PDF libraries, for scripts/bench.sh:
//
//   node scripts/peers.js pdfkit|jspdf|pdf-lib CARDS.yaml FONTDIR OUT.pdf
//
// The libraries come from NODE_PATH (bench.sh installs them at pinned
// versions outside the repository). The work is the same for each: read and
// parse the deck file, lay out and draw every page, write the file.
'use strict';

const fs = require('fs');
const path = require('path');

const [lib, cardsFile, fontDir, outFile] = process.argv.slice(2);
if (!lib || !cardsFile || !fontDir || !outFile) {
  console.error('usage: node scripts/peers.js pdfkit|jspdf|pdf-lib CARDS.yaml FONTDIR OUT.pdf');
  process.exit(2);
}

const yaml = require('js-yaml');
const cards = yaml.load(fs.readFileSync(cardsFile, 'utf8')).cards;
const font = (name) => fs.readFileSync(path.join(fontDir, name + '.ttf'));

// Geometry in points, origin top left.
const MM = 72 / 25.4;
const PAGE_W = 612, PAGE_H = 792;
const CARD_W = 63.5 * MM, CARD_H = 88.9 * MM, BLEED = 3 * MM, INSET = 3 * MM;
const COLS = 3, ROWS = 3, PER_PAGE = COLS * ROWS;
const GAP = 2 * BLEED;
const LEFT = (PAGE_W - COLS * CARD_W - (COLS - 1) * GAP) / 2;
const TOP = (PAGE_H - ROWS * CARD_H) / 2;
const cell = (i, back) => {
  let col = i % COLS;
  if (back) col = COLS - 1 - col; // flip on the long edge
  const row = Math.floor(i / COLS);
  return { x: LEFT + col * (CARD_W + GAP), y: TOP + row * CARD_H };
};
const SIZE = { name: 8, cost: 10, type: 6.5, text: 7, back: 11 };
const LEAD = 1.2;

// A page list: front, back, front, back...
const pages = [];
for (let i = 0; i < cards.length; i += PER_PAGE) pages.push(cards.slice(i, i + PER_PAGE));

// wrap splits text into lines no wider than width, measured by widthOf.
function wrap(text, width, widthOf) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? line + ' ' + word : word;
    if (line && widthOf(next) > width) {
      lines.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function cropMarks(d, n) {
  for (let i = 0; i < n; i++) {
    const { x, y } = cell(i, false);
    for (const [cx, cy] of [[x, y], [x + CARD_W, y], [x, y + CARD_H], [x + CARD_W, y + CARD_H]]) {
      d.line(cx - 6, cy, cx - 2, cy);
      d.line(cx, cy - 6, cx, cy - 2);
    }
  }
}

// draw lays out every page through a small drawing interface d, so that
// each library does the same work.
function draw(d) {
  for (const group of pages) {
    d.page();
    group.forEach((c, i) => {
      const { x, y } = cell(i, false);
      d.stroke(0.2, 0.2, 0.2);
      d.roundRect(x + INSET, y + INSET, CARD_W - 2 * INSET, CARD_H - 2 * INSET, 6);
      d.fill(0, 0, 0);
      d.text('bold', SIZE.name, c.name, x + 2 * INSET, y + 2 * INSET + SIZE.name);
      const cost = String(c.cost);
      d.text('bold', SIZE.cost, cost, x + CARD_W - 2 * INSET - d.width('bold', SIZE.cost, cost), y + 2 * INSET + SIZE.cost);
      d.text('italic', SIZE.type, c.type, x + 2 * INSET, y + 2 * INSET + SIZE.name * LEAD + SIZE.type * 1.6);
      const lines = wrap(c.text, CARD_W - 4 * INSET, (s) => d.width('regular', SIZE.text, s));
      let ty = y + 2 * INSET + SIZE.name * LEAD + SIZE.type * LEAD * 2 + SIZE.text * 2;
      for (const l of lines) {
        d.text('regular', SIZE.text, l, x + 2 * INSET, ty);
        ty += SIZE.text * LEAD;
      }
    });
    cropMarks(d, group.length);
    d.page();
    d.fill(0.17, 0.18, 0.25);
    d.rect(0, 0, PAGE_W, PAGE_H);
    group.forEach((_, i) => {
      const { x, y } = cell(i, true);
      d.stroke(0.6, 0.62, 0.75);
      d.roundRect(x + INSET, y + INSET, CARD_W - 2 * INSET, CARD_H - 2 * INSET, 6);
      d.fill(1, 1, 1);
      const w = d.width('bold', SIZE.back, 'runforge');
      d.text('bold', SIZE.back, 'runforge', x + (CARD_W - w) / 2, y + CARD_H / 2 + SIZE.back / 3);
    });
  }
}

async function withPdfkit() {
  const PDFDocument = require('pdfkit');
  const doc = new PDFDocument({ size: 'LETTER', autoFirstPage: false, compress: true });
  for (const f of ['regular', 'bold', 'italic']) doc.registerFont(f, font(f));
  const done = new Promise((resolve, reject) => {
    const out = fs.createWriteStream(outFile);
    out.on('finish', resolve);
    out.on('error', reject);
    doc.pipe(out);
  });
  draw({
    page: () => doc.addPage({ size: 'LETTER', margin: 0 }),
    stroke: (r, g, b) => doc.strokeColor([r * 255, g * 255, b * 255]).lineWidth(0.5),
    fill: (r, g, b) => doc.fillColor([r * 255, g * 255, b * 255]),
    roundRect: (x, y, w, h, r) => doc.roundedRect(x, y, w, h, r).stroke(),
    rect: (x, y, w, h) => doc.rect(x, y, w, h).fill(),
    line: (x1, y1, x2, y2) => doc.moveTo(x1, y1).lineTo(x2, y2).stroke(),
    width: (f, size, s) => doc.font(f).fontSize(size).widthOfString(s),
    text: (f, size, s, x, y) => doc.font(f).fontSize(size).text(s, x, y - size, { lineBreak: false }),
  });
  doc.end();
  await done;
}

async function withJspdf() {
  const { jsPDF } = require('jspdf');
  const doc = new jsPDF({ unit: 'pt', format: 'letter', compress: true });
  for (const f of ['regular', 'bold', 'italic']) {
    doc.addFileToVFS(f + '.ttf', font(f).toString('base64'));
    doc.addFont(f + '.ttf', 'Go', f === 'regular' ? 'normal' : f);
  }
  const style = (f) => (f === 'regular' ? 'normal' : f);
  let first = true;
  draw({
    page: () => {
      if (!first) doc.addPage('letter');
      first = false;
    },
    stroke: (r, g, b) => {
      doc.setDrawColor(r * 255, g * 255, b * 255);
      doc.setLineWidth(0.5);
    },
    fill: (r, g, b) => {
      doc.setFillColor(r * 255, g * 255, b * 255);
      doc.setTextColor(r * 255, g * 255, b * 255);
    },
    roundRect: (x, y, w, h, r) => doc.roundedRect(x, y, w, h, r, r, 'S'),
    rect: (x, y, w, h) => doc.rect(x, y, w, h, 'F'),
    line: (x1, y1, x2, y2) => doc.line(x1, y1, x2, y2),
    width: (f, size, s) => {
      doc.setFont('Go', style(f));
      doc.setFontSize(size);
      return doc.getTextWidth(s);
    },
    text: (f, size, s, x, y) => {
      doc.setFont('Go', style(f));
      doc.setFontSize(size);
      doc.text(s, x, y);
    },
  });
  fs.writeFileSync(outFile, Buffer.from(doc.output('arraybuffer')));
}

async function withPdfLib() {
  const { PDFDocument, rgb } = require('pdf-lib');
  const fontkit = require('@pdf-lib/fontkit');
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const fonts = {};
  for (const f of ['regular', 'bold', 'italic']) fonts[f] = await doc.embedFont(font(f), { subset: true });
  let page, strokeColor = rgb(0, 0, 0), fillColor = rgb(0, 0, 0);
  const round = (x, y, w, h, r) =>
    `M ${x + r} ${y} H ${x + w - r} Q ${x + w} ${y} ${x + w} ${y + r} V ${y + h - r} Q ${x + w} ${y + h} ${x + w - r} ${y + h} ` +
    `H ${x + r} Q ${x} ${y + h} ${x} ${y + h - r} V ${y + r} Q ${x} ${y} ${x + r} ${y} Z`;
  draw({
    page: () => {
      page = doc.addPage([PAGE_W, PAGE_H]);
    },
    stroke: (r, g, b) => {
      strokeColor = rgb(r, g, b);
    },
    fill: (r, g, b) => {
      fillColor = rgb(r, g, b);
    },
    // drawSvgPath's origin is the top left, with y down, as here.
    roundRect: (x, y, w, h, r) =>
      page.drawSvgPath(round(0, 0, w, h, r), { x, y: PAGE_H - y, borderColor: strokeColor, borderWidth: 0.5 }),
    rect: (x, y, w, h) => page.drawRectangle({ x, y: PAGE_H - y - h, width: w, height: h, color: fillColor }),
    line: (x1, y1, x2, y2) =>
      page.drawLine({ start: { x: x1, y: PAGE_H - y1 }, end: { x: x2, y: PAGE_H - y2 }, thickness: 0.5, color: strokeColor }),
    width: (f, size, s) => fonts[f].widthOfTextAtSize(s, size),
    text: (f, size, s, x, y) => page.drawText(s, { x, y: PAGE_H - y, size, font: fonts[f], color: fillColor }),
  });
  fs.writeFileSync(outFile, await doc.save());
}

const run = { pdfkit: withPdfkit, jspdf: withJspdf, 'pdf-lib': withPdfLib }[lib];
if (!run) {
  console.error(`peers.js: unknown library ${lib} (pdfkit, jspdf or pdf-lib)`);
  process.exit(2);
}
run().catch((err) => {
  console.error(`peers.js ${lib}:`, err);
  process.exit(1);
});
