// The local stack signs requests like AWS does, with credentials nobody can use anywhere else.
export const LOCAL_REGION = 'us-east-1';
export const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };
