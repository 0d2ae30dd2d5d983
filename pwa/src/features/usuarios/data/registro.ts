/** Whether a visitor may register themselves: the gateway says (`GET /api/signup`, PUBLIC_SIGNUP). */
import { api } from '../../../lib/api';

export async function registroPublicoAbierto(): Promise<boolean> {
  const answer = await api.get<{ registro_publico?: unknown }>('/api/signup');
  return answer.registro_publico === true;
}
