import { apiRequest } from '../api';

/** Saves a blob as a file the browser downloads. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Saves CSV text as a file; the byte-order mark makes spreadsheet programs read it as UTF-8. */
export function downloadCsv(csv: string, fileName: string): void {
  saveBlob(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }), fileName);
}

/** A file the API serves as an attachment, saved under the name it gives (Content-Disposition). Throws the HttpError of a refusal. */
export async function downloadFromApi(url: string, fallbackName: string): Promise<void> {
  const response = await apiRequest('GET', url);
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  saveBlob(await response.blob(), name);
}
