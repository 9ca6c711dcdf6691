/** A multipart/form-data body with one file part, as a browser's form sends it. */
export function multipartFile(
  file: { name: string; type: string; body: Buffer },
  fieldName = 'file',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----pfc${crypto.randomUUID().replace(/-/g, '')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${file.name}"\r\n` +
      `Content-Type: ${file.type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file.body, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
