/**
 * The clause patterns of a clause pack (`@paxman/knowledge`'s `ClauseKnowledge`), compiled
 * once per capability instance: `clause_reading` reads a contract's date, effective date,
 * governing law and title with whatever patterns its pack gives, and holds no word of the
 * contract's language itself. Patterns with the `g` flag keep their `lastIndex` in the
 * instance, as a module's constants kept it before; every use resets it first.
 */
import type { ClauseKnowledge, ClausePattern, ClausePatternName } from '@paxman/knowledge';

/** The compiled patterns (named as in the pack, in camel case) and the places of adjectives. */
export interface ClauseRules {
  readonly titleHeading: RegExp;
  readonly titlePrefix: RegExp;
  readonly exhibitMark: RegExp;
  readonly titleKindAtEnd: RegExp;
  readonly titleGoesOn: RegExp;
  readonly titleContinuation: RegExp;
  readonly titleCaseHeading: RegExp;
  readonly selfReference: RegExp;
  readonly genericSelfReference: RegExp;
  readonly selfReferenceWords: RegExp;
  readonly preambleStart: RegExp;
  readonly legalForm: RegExp;
  readonly sentenceWord: RegExp;
  readonly takesEffect: RegExp;
  readonly atItsDate: RegExp;
  readonly saidOfAgreement: RegExp;
  readonly saidOfOther: RegExp;
  readonly termBegins: RegExp;
  readonly effectiveDefined: RegExp;
  readonly recitalsStart: RegExp;
  readonly citesAnother: RegExp;
  readonly effectiveDateIs: RegExp;
  readonly salutation: RegExp;
  readonly ordinalDay: RegExp;
  readonly ordinalDayAt: RegExp;
  readonly effectiveTerm: RegExp;
  readonly governingLaw: RegExp;
  readonly lawApplies: RegExp;
  readonly placeLaw: RegExp;
  readonly placeGoesOn: RegExp;
  readonly placeAdjectiveEnding: RegExp;
  readonly notAPlace: RegExp;
  readonly notAPlaceName: RegExp;
  readonly placeKind: RegExp;
  readonly placeKindAfter: RegExp;
  readonly aboutThisAgreement: RegExp;
  readonly incorporation: RegExp;
  readonly andState: RegExp;
  readonly placeStop: RegExp;
  /** Lead-ins ending right before the date an agreement is made. */
  readonly agreementDateLeads: readonly RegExp[];
  /** Lead-ins in the preamble ending right before the date an agreement takes effect. */
  readonly effectiveDateLeads: readonly RegExp[];
  readonly executionDateLeads: readonly RegExp[];
  /** Labels at the head of a form ("DATE:") ending right before the agreement's date. */
  readonly headDateLabels: readonly RegExp[];
  /** Where the body states when the agreement takes effect: `effectiveDateIs`, then the pack's body leads. */
  readonly bodyEffectiveLeads: readonly RegExp[];
  /** A people's adjective → the place it names ("English" → "England"). */
  readonly placeAdjectives: Readonly<Record<string, string>>;
}

function compile(pattern: ClausePattern): RegExp {
  return new RegExp(pattern.source, pattern.flags);
}

/** Compiles a clause pack's patterns. */
export function compileClauseRules(knowledge: ClauseKnowledge): ClauseRules {
  const named = (name: ClausePatternName): RegExp => compile(knowledge.patterns[name]);
  const effectiveDateIs = named('effective-date-is');
  return Object.freeze({
    titleHeading: named('title-heading'),
    titlePrefix: named('title-prefix'),
    exhibitMark: named('exhibit-mark'),
    titleKindAtEnd: named('title-kind-at-end'),
    titleGoesOn: named('title-goes-on'),
    titleContinuation: named('title-continuation'),
    titleCaseHeading: named('title-case-heading'),
    selfReference: named('self-reference'),
    genericSelfReference: named('generic-self-reference'),
    selfReferenceWords: named('self-reference-words'),
    preambleStart: named('preamble-start'),
    legalForm: named('legal-form'),
    sentenceWord: named('sentence-word'),
    takesEffect: named('takes-effect'),
    atItsDate: named('at-its-date'),
    saidOfAgreement: named('said-of-agreement'),
    saidOfOther: named('said-of-other'),
    termBegins: named('term-begins'),
    effectiveDefined: named('effective-defined'),
    recitalsStart: named('recitals-start'),
    citesAnother: named('cites-another'),
    effectiveDateIs,
    salutation: named('salutation'),
    ordinalDay: named('ordinal-day'),
    ordinalDayAt: named('ordinal-day-at'),
    effectiveTerm: named('effective-term'),
    governingLaw: named('governing-law'),
    lawApplies: named('law-applies'),
    placeLaw: named('place-law'),
    placeGoesOn: named('place-goes-on'),
    placeAdjectiveEnding: named('place-adjective-ending'),
    notAPlace: named('not-a-place'),
    notAPlaceName: named('not-a-place-name'),
    placeKind: named('place-kind'),
    placeKindAfter: named('place-kind-after'),
    aboutThisAgreement: named('about-this-agreement'),
    incorporation: named('incorporation'),
    andState: named('and-state'),
    placeStop: named('place-stop'),
    agreementDateLeads: Object.freeze(knowledge.leads['agreement-date-leads'].map(compile)),
    effectiveDateLeads: Object.freeze(knowledge.leads['effective-date-leads'].map(compile)),
    executionDateLeads: Object.freeze(knowledge.leads['execution-date-leads'].map(compile)),
    headDateLabels: Object.freeze(knowledge.leads['head-date-labels'].map(compile)),
    bodyEffectiveLeads: Object.freeze([effectiveDateIs, ...knowledge.leads['body-effective-leads'].map(compile)]),
    placeAdjectives: knowledge.placeAdjectives,
  });
}
