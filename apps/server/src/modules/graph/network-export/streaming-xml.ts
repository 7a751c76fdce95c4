/// <reference path="../../../types/xml-writer.d.ts" />
import XMLWriter from 'xml-writer';

/** People or ties per piece handed to the reply. */
const ELEMENTS_PER_PIECE = 500;

/**
 * xml-writer (the writer graphology-gexf itself uses) given a callback, so that it hands each
 * piece of text on instead of keeping the document: the GEXF and GraphML exports write through
 * this and yield a piece every ELEMENTS_PER_PIECE people or ties, so the file is never whole in
 * memory (docs/exports.md, "Exports stream").
 */
export class StreamingXml {
  private written: string[] = [];
  private elements = 0;
  readonly xml = new XMLWriter('  ', (piece) => void this.written.push(piece));

  /** One element with its attributes, left open. */
  open(name: string, attributes: Readonly<Record<string, string>> = {}): void {
    this.xml.startElement(name);
    for (const [key, value] of Object.entries(attributes)) this.xml.writeAttribute(key, value);
  }

  /** One element with its attributes and nothing in it. */
  empty(name: string, attributes: Readonly<Record<string, string>>): void {
    this.open(name, attributes);
    this.xml.endElement();
  }

  close(): void {
    this.xml.endElement();
  }

  /** Counts one finished person or tie: true when a piece is due (then `take` it). */
  counted(): boolean {
    return ++this.elements % ELEMENTS_PER_PIECE === 0;
  }

  /** The text written since the last piece. */
  take(): string {
    const piece = this.written.join('');
    this.written = [];
    return piece;
  }

  /** Closes every element still open (xml-writer's endDocument only ends an open tag) and hands back the rest. */
  finish(): string {
    this.xml.flush();
    return this.take();
  }
}
