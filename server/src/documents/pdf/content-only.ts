import {
  concatTransformationMatrix,
  drawObject,
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFName,
  PDFNull,
  PDFNumber,
  type PDFObject,
  type PDFPage,
  PDFRef,
  PDFStream,
  popGraphicsState,
  pushGraphicsState,
} from 'pdf-lib';

/*
 * What a page of a recorded document may bring into a PDF we send on: what it draws, nothing a
 * reader acts on. Scripts, actions, links, form fields, attachments, outlines and annotations
 * of every kind are left behind; an annotation's look (a recording stamp, a filled-in field) is
 * drawn into the page instead, so the excerpt shows what the original showed.
 */

/** The page entries that describe what is drawn and where; every other entry is dropped. */
const PAGE_KEYS = new Set([
  'Type',
  'Parent',
  'MediaBox',
  'CropBox',
  'BleedBox',
  'TrimBox',
  'ArtBox',
  'Contents',
  'Resources',
  'Rotate',
  'Group',
  'UserUnit',
]);

/**
 * Annotations whose appearance is drawn into the page. Links, attachments, media, popups and the
 * like are dropped with nothing drawn: what they show is an icon for something that is gone.
 */
const FLATTENED = new Set([
  'Text',
  'FreeText',
  'Line',
  'Square',
  'Circle',
  'Polygon',
  'PolyLine',
  'Highlight',
  'Underline',
  'Squiggly',
  'StrikeOut',
  'Stamp',
  'Caret',
  'Ink',
  'Watermark',
  'Widget',
]);

const HIDDEN = 1 << 1;
const NO_VIEW = 1 << 5;

/**
 * Entries that make a reader act (actions, scripts, form submission), carry or point at other
 * files, or hold document-level structure. Deleted from every dictionary of the result, wherever
 * a hostile page hid one. `A` names an action everywhere it is a key of its own.
 */
const DROPPED_KEYS = [
  'A',
  'AA',
  'OpenAction',
  'Next',
  'JS',
  'JavaScript',
  'URI',
  'Names',
  'Dests',
  'AcroForm',
  'XFA',
  'Outlines',
  'Threads',
  'B',
  'Annots',
  'EmbeddedFiles',
  'EF',
  'FS',
  'Ref',
  'OPI',
].map((key) => PDFName.of(key));

/** External stream data: in a stream's dictionary, F is a file rather than flags. */
const STREAM_FILE_KEYS = ['F', 'FFilter', 'FDecodeParms'].map((key) => PDFName.of(key));

/** Objects of these types are never content: a reference to one from a page's content is cut. */
const FOREIGN_TYPES = new Set([
  'Catalog',
  'Pages',
  'Page',
  'Action',
  'Annot',
  'Filespec',
  'EmbeddedFile',
  'Outlines',
  'Sig',
]);

/**
 * Prepares page `index` of `source` to be copied: its visible annotations are drawn into its
 * content, then every entry that is not about drawing the page (Annots, AA, B, Metadata, …) is
 * deleted, so a copy follows none of them. `source` is changed: use it only to copy from.
 */
export function keepPageContentOnly(source: PDFDocument, index: number): void {
  const page = source.getPage(index);
  drawAnnotationAppearances(page);
  for (const key of page.node.keys()) {
    if (!PAGE_KEYS.has(key.decodeText())) page.node.delete(key);
  }
}

function drawAnnotationAppearances(page: PDFPage): void {
  const { context } = page.doc;
  const annots = page.node.Annots();
  if (!annots) return;
  for (let i = 0; i < annots.size(); i++) {
    const annot = lookupDict(page, annots.get(i));
    if (!annot) continue;
    const subtype = annot.lookupMaybe(PDFName.of('Subtype'), PDFName)?.decodeText();
    if (!subtype || !FLATTENED.has(subtype)) continue;
    const flags = annot.lookupMaybe(PDFName.of('F'), PDFNumber)?.asNumber() ?? 0;
    if (flags & (HIDDEN | NO_VIEW)) continue;

    // The normal appearance: a form, or one form per state, chosen by /AS.
    let appearance = annot.lookupMaybe(PDFName.of('AP'), PDFDict)?.get(PDFName.of('N'));
    const states = appearance ? context.lookup(appearance) : undefined;
    if (states instanceof PDFDict) {
      const state = annot.lookupMaybe(PDFName.of('AS'), PDFName);
      appearance = state ? states.get(state) : undefined;
    }
    if (!(appearance instanceof PDFRef)) continue;
    const form = context.lookup(appearance);
    if (!(form instanceof PDFStream)) continue;
    if (form.dict.lookupMaybe(PDFName.of('Subtype'), PDFName)?.decodeText() !== 'Form') continue;

    const rect = numbers(page, annot.get(PDFName.of('Rect')));
    const bbox = numbers(page, form.dict.get(PDFName.of('BBox')));
    const matrix = numbers(page, form.dict.get(PDFName.of('Matrix'))) ?? [1, 0, 0, 1, 0, 0];
    if (!rect || rect.length !== 4 || !bbox || bbox.length !== 4 || matrix.length !== 6) continue;
    const placed = placeAppearance(rect, bbox, matrix);
    if (!placed) continue;

    const name = page.node.newXObject('Appearance', appearance);
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(...placed),
      drawObject(name),
      popGraphicsState(),
    );
  }
}

/**
 * The matrix that maps the appearance's box, after its own matrix, onto the annotation's
 * rectangle: how a reader places an annotation's appearance on the page.
 */
function placeAppearance(
  rect: number[],
  bbox: number[],
  [a, b, c, d, e, f]: number[],
): [number, number, number, number, number, number] | undefined {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [x, y] of [
    [bbox[0]!, bbox[1]!],
    [bbox[2]!, bbox[1]!],
    [bbox[0]!, bbox[3]!],
    [bbox[2]!, bbox[3]!],
  ] as const) {
    xs.push(a! * x + c! * y + e!);
    ys.push(b! * x + d! * y + f!);
  }
  const [left, bottom] = [Math.min(...xs), Math.min(...ys)];
  const [width, height] = [Math.max(...xs) - left, Math.max(...ys) - bottom];
  const rectLeft = Math.min(rect[0]!, rect[2]!);
  const rectBottom = Math.min(rect[1]!, rect[3]!);
  const sx = Math.abs(rect[2]! - rect[0]!) / width;
  const sy = Math.abs(rect[3]! - rect[1]!) / height;
  const placed: [number, number, number, number, number, number] = [
    sx,
    0,
    0,
    sy,
    rectLeft - left * sx,
    rectBottom - bottom * sy,
  ];
  return width > 0 && height > 0 && placed.every(Number.isFinite) ? placed : undefined;
}

function lookupDict(page: PDFPage, value: PDFObject | undefined): PDFDict | undefined {
  const found = value === undefined ? undefined : page.doc.context.lookup(value);
  return found instanceof PDFDict ? found : undefined;
}

function numbers(page: PDFPage, value: PDFObject | undefined): number[] | undefined {
  const array = value === undefined ? undefined : page.doc.context.lookup(value);
  if (!(array instanceof PDFArray)) return undefined;
  const out: number[] = [];
  for (let i = 0; i < array.size(); i++) {
    const n = page.doc.context.lookup(array.get(i));
    if (!(n instanceof PDFNumber) || !Number.isFinite(n.asNumber())) return undefined;
    out.push(n.asNumber());
  }
  return out;
}

/**
 * Makes `doc`, a document of copied pages, hold only their content: the catalog keeps its page
 * tree alone, pages keep the entries that draw them, every dictionary loses DROPPED_KEYS,
 * references to objects that are no content (another catalog or page, an action, an annotation,
 * a file) are cut, and every object no longer reachable is deleted, since pdf-lib writes every
 * object it holds.
 */
export async function dropAllButContent(doc: PDFDocument): Promise<void> {
  // Fonts and pages embedded with pdf-lib are written at save; until then their references
  // point at nothing, and would be cut.
  await doc.flush();
  const { context, catalog } = doc;
  for (const key of catalog.keys()) {
    if (key !== PDFName.of('Type') && key !== PDFName.of('Pages')) catalog.delete(key);
  }
  const kept = new Set<PDFRef>();
  const pending: PDFObject[] = [];

  /** Scrubs a direct value; false when it is, or refers to, something to cut. */
  const walk = (value: PDFObject): boolean => {
    if (value instanceof PDFRef) {
      if (kept.has(value)) return true;
      const target = context.lookup(value);
      if (target === undefined || foreign(target)) return false;
      kept.add(value);
      pending.push(target);
      return true;
    }
    if (value instanceof PDFStream) {
      for (const key of STREAM_FILE_KEYS) value.dict.delete(key);
      return walk(value.dict);
    }
    if (value instanceof PDFDict) {
      if (foreign(value)) return false;
      for (const key of DROPPED_KEYS) value.delete(key);
      for (const [key, entry] of value.entries()) if (!walk(entry)) value.delete(key);
      return true;
    }
    if (value instanceof PDFArray) {
      for (let i = 0; i < value.size(); i++) if (!walk(value.get(i))) value.set(i, PDFNull);
    }
    return true;
  };

  // The structure pdf-lib made is kept as it is; only the pages' own entries are walked.
  const { Root, Info } = context.trailerInfo;
  if (Root instanceof PDFRef) kept.add(Root);
  if (Info instanceof PDFRef) kept.add(Info);
  const pagesRef = catalog.get(PDFName.of('Pages'));
  if (pagesRef instanceof PDFRef) kept.add(pagesRef);
  for (const page of doc.getPages()) {
    kept.add(page.ref);
    for (const key of page.node.keys()) {
      if (!PAGE_KEYS.has(key.decodeText())) page.node.delete(key);
    }
    for (const [key, entry] of page.node.entries()) {
      if (key !== PDFName.of('Parent') && !walk(entry)) page.node.delete(key);
    }
  }
  // Iterative across references, so a long chain of objects cannot exhaust the stack.
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) walk(next);

  for (const [ref] of context.enumerateIndirectObjects()) {
    if (!kept.has(ref)) context.delete(ref);
  }
}

function foreign(value: PDFObject): boolean {
  const dict = value instanceof PDFStream ? value.dict : value instanceof PDFDict ? value : null;
  const type = dict?.get(PDFName.of('Type'));
  return type instanceof PDFName && FOREIGN_TYPES.has(type.decodeText());
}
