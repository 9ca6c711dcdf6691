/** @adobe/structured-data-validator ships no types: what tests/reliability/pages.test.ts uses. */
declare module '@adobe/structured-data-validator' {
  export interface StructuredDataIssue {
    issueMessage: string;
    severity: 'ERROR' | 'WARNING';
    path: { type?: string; property?: string; index?: number }[];
    fieldNames?: string[];
    /** 'schemaOrg' for the vocabulary check: an unknown type (ERROR) or property (WARNING). */
    errorType?: string;
  }
  /** Given the schema.org vocabulary (JSON-LD), it also checks every type and property against it. */
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    /** Data as @marbec/web-auto-extractor gives it: blocks grouped by format, then by root type. */
    validate(data: { jsonld?: Record<string, unknown[]> }): Promise<StructuredDataIssue[]>;
  }
}
