import { Annotations, Stack } from 'aws-cdk-lib';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

// The contact form's delivery (issue 34 item 10, docs/support.md): POST /auth/contacto publishes each message
// to this topic, which mails the operators' address (`supportEmail`, else `alarmEmail`, in
// infra/environments.ts or -c). Messages carry what people write (names, addresses, their words), so the
// topic is encrypted with the AWS-managed SNS key and takes TLS publishers only.

export interface SupportProps {
  /** Who reads contact messages: an SNS email subscription, confirmed from its first email. */
  email?: string;
}

export class Support extends Construct {
  readonly topic: sns.Topic;

  constructor(scope: Construct, id: string, props: SupportProps) {
    super(scope, id);
    this.topic = new sns.Topic(this, 'ContactTopic', {
      displayName: `Mentora ${Stack.of(this).stackName} contacto`,
      enforceSSL: true,
      masterKey: kms.Alias.fromAliasName(this, 'SnsKey', 'alias/aws/sns'),
    });
    if (props.email) this.topic.addSubscription(new subscriptions.EmailSubscription(props.email));
    else Annotations.of(this).addWarningV2('mentora:support-email-missing', 'No supportEmail nor alarmEmail for this stage: contact messages reach an SNS topic nobody reads (infra/environments.ts or -c supportEmail=).');
  }
}
