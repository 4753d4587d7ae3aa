import { eng } from 'stopword';

/*
 * Small closed-class word lists of English. They describe the language, not any data set:
 * function words, negation cues, hedges, evaluative words and conversational formulas.
 */

const extraStopwords = [
  'also', 'just', 'really', 'actually', 'even', 'yes', 'yeah', 'oh', 'ok', 'okay', 'well', 'so',
  'very', 'quite', 'pretty', 'lot', 'lots', 'thing', 'things', 'something', 'anything',
  'everything', 'nothing', 'one', 'ones', 'kind', 'sort', 'bit', 'etc', 'its', "it's",
  'there', 'thats', "that's", 'us', 'am', 'is', 'are', 'was', 'were', 'be', 'been', 'being',
  'do', 'does', 'did', 'done', 'have', 'has', 'had', 'having', 'will', 'shall', 'may', 'let',
  'mine', 'yours', 'ours', 'theirs', 'hers', 'myself', 'yourself', 'ourselves', 'themselves',
  'itself', 'whom', 'whose', 'why', 'when', 'what', 'which', 'who', 'how', 'where', 'toward',
  'towards', 'upon', 'onto', 'within', 'without', 'across', 'along', 'around', 'among', 'via',
  'per', 'though', 'although', 'however', 'yet', 'either', 'neither', 'nor', 'whether', 'i',
  'you', 'he', 'she', 'it', 'we', 'they', 'me', 'him', 'her', 'them', 'my', 'your', 'his',
  'our', 'their', 'this', 'that', 'these', 'those', 'a', 'an', 'the', 'say', 'says', 'know',
  'think', 'guess', 'seem', 'seems', 'sure', 'maybe', 'perhaps', 'probably', 'indeed', 'anyway',
];

export const STOPWORDS: ReadonlySet<string> = new Set([...eng, ...extraStopwords]);

export const NEGATION_CUES: ReadonlySet<string> = new Set([
  'not', "n't", 'no', 'never', 'none', 'nobody', 'nothing', 'neither', 'nor', 'nowhere',
  'cannot',
]);

/** Words that rate: an evaluation is a claim of its own, which a source must make too. */
export const RATING: ReadonlySet<string> = new Set([
  'good', 'great', 'nice', 'cool', 'awesome', 'amazing', 'interesting', 'fun', 'funny', 'beautiful',
  'wonderful', 'fantastic', 'excellent', 'terrific', 'brilliant', 'lovely', 'terrible', 'awful',
  'horrible', 'bad', 'boring', 'sad', 'scary', 'weird', 'strange', 'crazy', 'favorite', 'favourite',
  'best', 'worst', 'better', 'worse', 'incredible', 'impressive', 'cute', 'sweet', 'perfect',
  'exciting', 'entertaining', 'enjoyable', 'fascinating', 'delicious', 'tasty', 'glad', 'happy',
  'love', 'loved', 'like', 'liked', 'enjoy', 'enjoyed', 'hate', 'hated', 'prefer', 'adore', 'smart',
]);

/** Nouns that name the kind of thing under discussion ("the movie", "the characters") and tell little. */
export const GENERIC_NOUNS: ReadonlySet<string> = new Set([
  'movie', 'movies', 'film', 'films', 'show', 'shows', 'series', 'book', 'books', 'story', 'stories',
  'character', 'characters', 'people', 'person', 'thing', 'things', 'time', 'times', 'place', 'way',
  'part', 'parts', 'scene', 'scenes', 'stuff', 'lot', 'kind', 'type', 'types', 'one', 'ones',
]);

/** Words that only rate or intensify: a sentence made of these and a subject is an opinion. */
export const EVALUATIVE: ReadonlySet<string> = new Set([
  'good', 'great', 'nice', 'fine', 'cool', 'awesome', 'amazing', 'interesting', 'fun', 'funny',
  'beautiful', 'wonderful', 'fantastic', 'excellent', 'terrific', 'brilliant', 'lovely',
  'terrible', 'awful', 'horrible', 'bad', 'boring', 'sad', 'scary', 'weird', 'strange', 'crazy',
  'favorite', 'favourite', 'best', 'worst', 'better', 'worse', 'incredible', 'impressive',
  'cute', 'sweet', 'neat', 'perfect', 'exciting', 'entertaining', 'enjoyable', 'fascinating',
  'delicious', 'tasty', 'popular', 'important', 'hard', 'easy', 'tough', 'true', 'right',
  'wrong', 'glad', 'happy', 'sorry', 'love', 'like', 'enjoy', 'hate', 'prefer', 'adore',
  'pretty', 'really', 'very', 'so', 'quite', 'super', 'totally', 'definitely', 'absolutely',
  'truly', 'too', 'much', 'lot', 'always', 'sounds', 'sound', 'fan', 'stuff', 'thing', 'one',
  'idea', 'way', 'movie', 'film', 'show', 'book', 'song', 'place', 'choice', 'time', 'fact',
]);

/** Openers that hedge or frame what follows ("I think", "maybe"); the rest may still be a claim. */
export const HEDGE_PREFIXES: readonly RegExp[] = [
  /^(?:i|we) (?:do |also |really |actually |just )?(?:think|believe|guess|suppose|feel|reckon|heard|read|assume|remember|recall|learned|learnt|know)(?: that)?,? /i,
  /^(?:i'm|i am) (?:pretty |fairly |not )?(?:sure|certain|positive)(?: that)?,? /i,
  /^(?:i'm |i am )?(?:\w+ )?not (?:entirely |really |too |that |so |quite )?(?:sure|certain)(?:,? (?:but|though)|,) /i,
  /^i (?:don't|do not|didn't|did not) (?:know|remember|recall)(?: (?:for sure|exactly|much|about that|that))?(?:,|,? but|,? though) /i,
  /^(?:no,? )?i (?:don't|do not|didn't|did not|haven't|have not|hadn't|am not|'m not|wasn't|can't|cannot|do|did|have|am)(?: (?:tell|say))?,? (?:but|though),? /i,
  /^(?:maybe|perhaps|probably|apparently|supposedly|honestly|basically|actually|well|so|oh|also|and|but|yes|yeah|yea|yep|yup|no(?=[,.!]| but\b)|nope|nah|ok|okay|sure|right|indeed|true|wow|haha|hmm|lol|hi|hello|hey|um|uh|exactly|absolutely|definitely|interesting|cool|great|nice|anyway|anyways|alright|however|besides|plus|then|now)\b,? /i,
  /^(?:i see|i agree|me too|of course|you know|to be honest|in fact|as well|that's right|that is right|that's true|good question|for sure|for example|for instance|in particular|in general|it says|they say|it seems|it appears)\b,?(?: that)? /i,
  /^(?:did|do) you know(?: that)?,? /i,
  // A leading "no" answers the question before; it does not negate what follows.
  /^no,?\s+(?=(?:i|you|he|she|it|its|it's|we|they|that|this|there|the)\b|\p{Lu})/iu,
  /^sounds (?:good|great|interesting|cool|fun|nice|awesome|amazing)\b[,.!]? /i,
  /^(?:have|had) you heard(?: that)?,? /i,
  /^(?:fun fact|interestingly|surprisingly|according to [^,]+),? /i,
  // Evaluative frames: "It's interesting (to see) how X" asserts X.
  /^(?:it|that)(?:'s| is| was) (?:(?:really|very|so|pretty|quite|kind of|a bit) )?(?:interesting|funny|amazing|cool|great|sad|surprising|crazy|fascinating|incredible|nice|weird|strange|neat|awesome|good|wild)(?: to (?:know|see|hear|learn|think|read))?(?: that| how)?,? /i,
];

/** Whole sentences in which the speaker only says they do not know or cannot judge. */
export const PURE_HEDGE =
  /^(?:(?:no|well|hmm|honestly),? )?(?:i'm|i am|i was|i'm just)? ?(?:\w+ )?(?:not (?:entirely |really |too |that |so |quite )?(?:sure|certain)|(?:i )?(?:don't|do not|didn't|did not) (?:know|remember|recall|have an opinion|have a preference)|(?:i )?(?:can't|cannot|couldn't) (?:tell|say|remember|recall)|(?:i )?have no idea)\b/i;

/** Whole utterances that greet, thank, take leave or acknowledge. */
export const FORMULA =
  /^(?:hi|hello|hey|hiya|howdy|greetings|good (?:morning|afternoon|evening|day)|welcome|thanks?(?: you)?(?: so much| a lot)?|thank you|cheers|bye|goodbye|see you|take care|you're welcome|no problem|sure|of course|ok(?:ay)?|alright|all right|yes|yeah|yep|no|nope|right|exactly|absolutely|definitely|indeed|true|cool|great|nice|wow|oh|ah|hmm|haha|lol|i see|i agree|got it|understood|me too|same here|sounds good|that's (?:great|nice|cool|interesting|awesome|true|right|fine|good)|how are you(?: doing)?|how can i help(?: you)?(?: today)?|what can i do for you|nice to meet you)(?:[\s,!.?]+(?:there|friend|again|then|so much|too|indeed|today|sir|madam))*[\s!.?,]*$/i;

/** Cues that a question re-checks a value instead of asking for it anew. */
export const CLARIFY_CUES =
  /\b(?:double[- ]?check|confirm|verify|clarify|re-?enter|correct(?:ly)?|valid|invalid|typo|mistake|did you mean|do you mean|is that right|is that correct|just to be sure|make sure|seems? (?:to be )?(?:wrong|off|incomplete|invalid|short|long)|doesn't (?:look|seem)|does not (?:look|seem)|digits? (?:long|missing))\b/i;
