import { createContext } from 'react';
import type { Gs1LevelAnswer } from '@/contract/gs1/gs1Contract';

/**
 * The lot's or product's JSON the server render was given (a Digital Link naming a lot or a product), kept in
 * the page's state so the page hydrates with it: the lot's status is in the first HTML, and the browser does
 * not ask for it again (a round trip on 3G). Small on purpose: the app's first chunk carries it.
 */
export const LinkLevelPrefill = createContext<Gs1LevelAnswer | null>(null);
