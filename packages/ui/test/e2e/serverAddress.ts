/** The address of this test file's server (set by perFileServer.ts before the file's own hooks run). */
let address: string | undefined;

export const serverStarted = (baseUrl: string): void => {
  address = baseUrl;
};

export const serverAddress = (): string => {
  if (address === undefined) throw new Error("the browser tests' server has not started (perFileServer.ts is their setup file)");
  return address;
};
