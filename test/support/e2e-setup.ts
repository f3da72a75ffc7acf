// Replaced by the web e2e setup.
export default async function setup() {}
