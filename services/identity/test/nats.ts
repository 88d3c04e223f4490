/** A private NATS JetStream server per test file (see @labline/bus/testing). */
export { startPrivateJetStream as startPrivateNats, type PrivateJetStream as PrivateNats } from '@labline/bus/testing';
