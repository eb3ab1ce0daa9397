declare module 'swagger2openapi' {
  /** Converts a Swagger 2.0 document to OpenAPI 3.0; the result's `openapi` is the new document. */
  export function convertObj(
    swagger: object,
    options: { patch?: boolean; warnOnly?: boolean; anchors?: boolean; text?: string },
  ): Promise<{ openapi: unknown }>;
}
