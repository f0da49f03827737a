/** Saves text as a CSV file through a temporary link: the browser's own download, no library. */
export function downloadCsv(csv: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: Chromium starts the download from the link's click asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** 'kiem-tra-ma-20260612-0930.csv': the local date and time the table was saved. */
export function csvFileName(base: string, at: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${base}-${at.getFullYear()}${two(at.getMonth() + 1)}${two(at.getDate())}-${two(at.getHours())}${two(at.getMinutes())}.csv`;
}
