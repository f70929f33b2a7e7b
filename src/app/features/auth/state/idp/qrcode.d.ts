// The one function of the `qrcode` package the app uses (the package ships no types).
declare module 'qrcode' {
  export function toDataURL(
    text: string,
    options?: { width?: number; margin?: number; errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H' },
  ): Promise<string>;
  const QRCode: { toDataURL: typeof toDataURL };
  export default QRCode;
}
