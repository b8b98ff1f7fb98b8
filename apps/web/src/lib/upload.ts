/**
 * File uploads with progress (ISP PDFs, matchmaking photos, videos and identity documents): `fetch` cannot report
 * upload progress, so multipart bodies go with XMLHttpRequest. The one way to send a file from the web app; its
 * answers and errors are read as `apiCall` reads them (the endpoint's response schema for the status; a
 * problem+json as an ApiError).
 */
import { problem, type EndpointSpec } from '@tend/contracts';
import { ApiError } from './api-client.ts';
import { pageLanguageHeaders } from './page-language.ts';

/** What {@link uploadWithProgress} sends. */
export interface UploadRequest<E extends EndpointSpec> {
  /** The endpoint (method and response schemas). */
  endpoint: E;
  /** Its address, with path parameters filled in (`endpointUrl`). */
  url: string;
  /** Multipart fields in order; files as `Blob`/`File`. */
  fields: Record<string, string | Blob>;
  headers?: Record<string, string>;
  /** Share of bytes sent, 0..1 (1 once the server has answered). */
  onProgress: (share: number) => void;
  /** The message of a 413 without a problem body (e.g. "The file is larger than 50 MiB."). */
  tooLargeMessage?: string;
}

/** The problem+json of a failed upload as an ApiError (status 413 without a body: PAYLOAD_TOO_LARGE). */
export function uploadError(
  status: number,
  text: string,
  requestId: string | null,
  tooLargeMessage?: string,
): ApiError {
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  const parsed = problem.safeParse(json);
  if (parsed.success) {
    const { code, detail, title, errors } = parsed.data;
    return new ApiError(status, code, detail ?? title, parsed.data.requestId, errors ?? []);
  }
  const tooLarge = status === 413;
  return new ApiError(
    status,
    tooLarge ? 'PAYLOAD_TOO_LARGE' : 'UNKNOWN',
    tooLarge && tooLargeMessage ? tooLargeMessage : `The server answered ${status}`,
    requestId ?? undefined,
    [],
  );
}

/**
 * Sends `request.fields` as multipart to `request.url` and reports progress. Resolves with the body parsed by the
 * endpoint's schema for the (2xx) status; rejects with ApiError for any other status, or status 0 / NETWORK when the
 * server could not be reached.
 */
export function uploadWithProgress<E extends EndpointSpec>(request: UploadRequest<E>): Promise<unknown> {
  const body = new FormData();
  for (const [name, value] of Object.entries(request.fields)) body.append(name, value);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.endpoint.method, request.url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    for (const [name, value] of Object.entries({ ...pageLanguageHeaders(), ...request.headers }))
      xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) request.onProgress(event.loaded / event.total);
    };
    xhr.onerror = () =>
      reject(
        new ApiError(
          0,
          'NETWORK',
          'Tend could not be reached. Check your connection and try again.',
          undefined,
          [],
        ),
      );
    xhr.onload = () => {
      const schema = request.endpoint.response[xhr.status];
      if (xhr.status < 200 || xhr.status >= 300 || !schema) {
        reject(
          uploadError(
            xhr.status,
            xhr.responseText,
            xhr.getResponseHeader('x-request-id'),
            request.tooLargeMessage,
          ),
        );
        return;
      }
      request.onProgress(1);
      try {
        resolve(schema.parse(xhr.responseText ? JSON.parse(xhr.responseText) : null));
      } catch (error) {
        reject(error instanceof Error ? error : new Error('The server answered something unexpected'));
      }
    };
    xhr.send(body);
  });
}
