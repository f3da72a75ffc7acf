let t = Date.now(); require('aws-cdk-lib/assertions'); console.log('assertions', Date.now() - t);
t = Date.now(); require('/work/wt-ci/infra/aws/mentora-app'); console.log('app', Date.now() - t);
