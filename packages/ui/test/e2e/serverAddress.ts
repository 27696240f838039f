/** The address of this test file's server (set by perFileServer.ts before the file's own hooks run). */
let address: string | undefined;
/** The one-time password the server printed for the desk's first admin, `desk.admin` (issue 26). */
let deskAdmin: string | undefined;

export const serverStarted = (baseUrl: string, deskAdminPassword?: string): void => {
  address = baseUrl;
  deskAdmin = deskAdminPassword;
};

export const serverAddress = (): string => {
  if (address === undefined) throw new Error("the browser tests' server has not started (perFileServer.ts is their setup file)");
  return address;
};

export const deskAdminOneTimePassword = (): string => {
  if (deskAdmin === undefined) throw new Error("the browser tests' server printed no desk admin password (sandbox start, issue 26)");
  return deskAdmin;
};
