import type { UploadPart } from '@app/shared';

/** The message of a JSON error reply, else '' (the dialog then says 文件上传失败！请稍后重试！ alone). */
function serverMessage(body: string): string {
  try {
    const m = (JSON.parse(body) as { message?: unknown }).message;
    return typeof m === 'string' ? m : '';
  } catch {
    return '';
  }
}

/**
 * PUTs one slice to its presigned URL with XMLHttpRequest (fetch cannot report upload progress).
 * The URL carries its own authorisation: no bearer token is sent.
 */
export function putPart(part: UploadPart, blob: Blob, onProgress: (loaded: number) => void, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', part.url);
    for (const [k, v] of Object.entries(part.headers)) {
      // Headers the browser owns cannot be set (and need not be).
      if (!/^(content-length|host|connection)$/i.test(k)) xhr.setRequestHeader(k, v);
    }
    const onAbort = () => xhr.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    const done = () => signal.removeEventListener('abort', onAbort);
    xhr.upload.onprogress = (e) => onProgress(e.loaded);
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else reject(new Error(serverMessage(xhr.responseText)));
    };
    xhr.onerror = () => {
      done();
      reject(new Error(''));
    };
    xhr.onabort = () => {
      done();
      reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
    };
    xhr.send(blob);
  });
}
