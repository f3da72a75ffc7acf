/** Keeps test output readable: the SDKs' notices about Node versions are not test results. */
export function quietAwsSdk() {
  process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE = '1';
  const emit = process.emitWarning.bind(process);
  process.emitWarning = (warning: string | Error, ...rest: never[]) => {
    const text = typeof warning === 'string' ? warning : warning.message;
    if (/node >=22|AWS SDK for JavaScript/.test(text)) return;
    emit(warning, ...rest);
  };
}
