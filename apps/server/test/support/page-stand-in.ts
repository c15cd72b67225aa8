/** A stand-in for the built page: what publishedPageFor needs of it (a policy with style-src, an empty #root). */
export const STAND_IN_PAGE =
  `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; ` +
  `script-src 'sha256-abc='; style-src 'sha256-def='" /><title>Daily rewards</title></head>` +
  `<body><div id="root"></div><script>1</script></body></html>`;

/** Publishing's page reader, answering the stand-in (server tests do not need the built web app). */
export const readStandInPage = () => Promise.resolve(new TextEncoder().encode(STAND_IN_PAGE));
