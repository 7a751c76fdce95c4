/** xml-writer 1.7 (the writer graphology-gexf uses) ships no types: the part the network exports call. */
declare module 'xml-writer' {
  export default class XMLWriter {
    /** `indent`: an indent string for pretty output; `callback`: receives every piece written, instead of keeping them. */
    constructor(indent?: string | boolean, callback?: (piece: string, encoding: string) => void);
    startDocument(version?: string, encoding?: string): this;
    endDocument(): this;
    startElement(name: string): this;
    endElement(): this;
    writeAttribute(name: string, value: string): this;
    writeElement(name: string, content: string): this;
    text(content: string): this;
    flush(): void;
  }
}
