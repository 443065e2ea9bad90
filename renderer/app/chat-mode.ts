import type { ChatAvailability } from '../../shared/text2cypher';

/**
 * Whether mode `text2cypher` can run from this screen: only with a chat model and the mode turned
 * on (Settings, or LENS_CHAT_MODEL). Like `provider`, the pickers list it disabled otherwise, with
 * the reason as a message code of the common namespace.
 */
export type Text2CypherAvailability =
  | { readonly usable: true; readonly model: string }
  | {
      readonly usable: false;
      readonly reason: 'text2cypher_checking' | 'text2cypher_unreadable' | 'text2cypher_no_chat_model' | 'text2cypher_not_enabled';
    };

/** What `chat.get` said (or has not said yet), as Text2Cypher's availability. */
export function text2CypherAvailability(state: { value: ChatAvailability | null; error: unknown }): Text2CypherAvailability {
  const value = state.value;
  if (!value) return { usable: false, reason: state.error ? 'text2cypher_unreadable' : 'text2cypher_checking' };
  if (value.text2cypher.usable && value.chat_model) return { usable: true, model: value.chat_model };
  return { usable: false, reason: value.text2cypher.usable ? 'text2cypher_no_chat_model' : value.text2cypher.reason };
}
