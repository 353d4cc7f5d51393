// Bad input against the email alert forms (the alert form, an alert's page and its one-click unsubscribe): whatever
// is posted, the server answers without a 5xx, and a post it refuses leaves nothing behind (support/action-fuzz.ts;
// every action's group is checked in bad-input-contact.test.ts).
import { fuzzActionGroup } from "./support/action-fuzz";

fuzzActionGroup("alerts");
