import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ApiRequestError } from '@app/api-client';

/** A successful call: the lines a model reads, and the same answer as structured JSON for programs. */
export function toolResult(lines: string[], structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: lines.join('\n') }], structuredContent: structured };
}

/** A failed call, reported the way MCP defines for tools (isError), so the model can read it and react. */
export function toolError(message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }] };
}

const seconds = (retryAfter: number | undefined) => (retryAfter === undefined ? 'a little while' : `${retryAfter} s`);

/** What went wrong, in words that tell an agent what to do next. */
export function describeFailure(error: unknown, apiBaseUrl: string): string {
  if (error instanceof ApiRequestError) {
    const body = error.body?.error;
    switch (error.status) {
      case 400: {
        const problems = body && 'parameters' in body ? body.parameters.map((problem) => `${problem.parameter}: ${problem.message}`) : [];
        return `Invalid argument. ${problems.length ? problems.join('; ') : error.message}`;
      }
      case 401:
        return `The archive api refused this MCP server's API_KEY (${error.message}); its operator must correct API_KEY.`;
      case 404:
        if (error.code === 'document_not_found') return `${error.message}. Use search_documents to find document ids.`;
        if (error.code === 'page_not_found') return `${error.message}. Ask for a page from 1 to the document's page count.`;
        return body && 'id' in body && body.id !== undefined
          ? `No case has the id "${body.id}". Use search_cases to find case ids.`
          : `Not found: ${error.message}`;
      case 429:
        return (
          `The archive's request quota is used up for now (${error.message}). Retry in ${seconds(error.retryAfter)}; ` +
          'an operator-issued API_KEY gives this MCP server a higher quota.'
        );
      case 503:
        return `The archive is unavailable right now (${error.message}). Retry in ${seconds(error.retryAfter)}.`;
      default:
        return `The archive api answered ${error.status}: ${error.message}`;
    }
  }
  // By name, not instanceof: fetch's errors come from Node's own realm, which a test runner's globals are not.
  const { name, message, cause } = (typeof error === 'object' && error !== null ? error : {}) as {
    name?: string;
    message?: string;
    cause?: { code?: string };
  };
  if (name === 'TimeoutError' || name === 'AbortError') return `The archive api at ${apiBaseUrl} did not answer in time; retry later.`;
  // fetch() rejects with a TypeError when the api cannot be reached at all; the cause says why.
  if (name === 'TypeError' && cause) return `Cannot reach the archive api at ${apiBaseUrl} (${cause.code ?? message}).`;
  return `Unexpected error: ${message ?? String(error)}`;
}

/** Runs a tool body; an api or network failure becomes a tool error instead of a protocol error. */
export async function reportingFailures(apiBaseUrl: string, body: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await body();
  } catch (error) {
    return toolError(describeFailure(error, apiBaseUrl));
  }
}
