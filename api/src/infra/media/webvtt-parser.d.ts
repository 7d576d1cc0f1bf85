// The W3C's WebVTT parser (webvtt-parser, the one behind its validator) ships no types: what we use of it.
declare module 'webvtt-parser' {
  export interface CueTextNode {
    type: 'text' | 'object' | 'timestamp';
    /** text: the text; object: the annotation of <v> and <lang>; timestamp: seconds. */
    value?: string | number;
    name?: string;
    classes?: string[];
    children?: CueTextNode[];
  }

  export interface ParsedCue {
    id: string;
    startTime: number;
    endTime: number;
    direction: string;
    snapToLines: boolean;
    linePosition: number | 'auto';
    lineAlign: string;
    textPosition: number | 'auto';
    positionAlign: string;
    size: number;
    alignment: string;
    text: string;
    tree: { children: CueTextNode[] };
  }

  export interface ParseError {
    message: string;
    line: number;
    col?: number;
  }

  export class WebVTTParser {
    /** `entities`: character references by name with their '&' ("&amp;": "&"); six of them when absent. */
    constructor(entities?: Record<string, string>);
    parse(input: string, mode?: 'metadata' | 'chapters'): { cues: ParsedCue[]; errors: ParseError[]; styles: string[] };
  }
}
