/**
 * Month and weekday names in English, German, French, Spanish, Italian, Dutch,
 * Portuguese, Polish and Latvian (full, abbreviated, and Polish genitive and Latvian
 * locative forms), lower case.
 * Abbreviations that are ordinary English words (`set`, `out`, `ago`) are left out so
 * `5 out of 2024` is never a date.
 */

const MONTHS: readonly (readonly string[])[] = [
  ['january', 'jan', 'januar', 'jänner', 'janvier', 'janv', 'enero', 'ene', 'gennaio', 'gen', 'januari', 'janeiro', 'styczeń', 'styczen', 'stycznia', 'sty', 'janvāris', 'janvaris', 'janvārī', 'janvari'],
  ['february', 'feb', 'febr', 'februar', 'février', 'fevrier', 'févr', 'fevr', 'febrero', 'febbraio', 'februari', 'fevereiro', 'fev', 'luty', 'lutego', 'lut', 'februāris', 'februaris', 'februārī'],
  ['march', 'mar', 'märz', 'mär', 'mrz', 'maerz', 'mars', 'marzo', 'maart', 'mrt', 'março', 'marco', 'marzec', 'marca', 'marts', 'martā', 'marta'],
  ['april', 'apr', 'avril', 'avr', 'abril', 'abr', 'aprile', 'kwiecień', 'kwiecien', 'kwietnia', 'kwi', 'aprīlis', 'aprilis', 'aprīlī'],
  ['may', 'mai', 'mayo', 'maggio', 'mag', 'mei', 'maio', 'maj', 'maja', 'maijs', 'maijā', 'maija'],
  ['june', 'jun', 'juni', 'juin', 'junio', 'giugno', 'giu', 'junho', 'czerwiec', 'czerwca', 'cze', 'jūnijs', 'junijs', 'jūnijā'],
  ['july', 'jul', 'juli', 'juillet', 'juil', 'julio', 'luglio', 'lug', 'julho', 'lipiec', 'lipca', 'lip', 'jūlijs', 'julijs', 'jūlijā'],
  ['august', 'aug', 'août', 'aout', 'agosto', 'augustus', 'sierpień', 'sierpien', 'sierpnia', 'sie', 'augusts', 'augustā', 'augusta'],
  ['september', 'sep', 'sept', 'septembre', 'septiembre', 'setiembre', 'settembre', 'setembro', 'wrzesień', 'wrzesien', 'września', 'wrzesnia', 'wrz', 'septembris', 'septembrī'],
  ['october', 'oct', 'oktober', 'okt', 'octobre', 'octubre', 'ottobre', 'ott', 'outubro', 'październik', 'pazdziernik', 'października', 'pazdziernika', 'paź', 'paz', 'oktobris', 'oktobrī'],
  ['november', 'nov', 'novembre', 'noviembre', 'novembro', 'listopad', 'listopada', 'lis', 'novembris', 'novembrī'],
  ['december', 'dec', 'dezember', 'dez', 'décembre', 'decembre', 'déc', 'dic', 'diciembre', 'dicembre', 'dezembro', 'grudzień', 'grudzien', 'grudnia', 'gru', 'decembris', 'decembrī'],
];

// Sunday first, matching Date#getUTCDay. Two-letter forms (`Mo`, `Do`, `So`) are left out: they are words.
const WEEKDAYS: readonly (readonly string[])[] = [
  ['sunday', 'sun', 'sonntag', 'dimanche', 'domingo', 'domenica', 'zondag', 'niedziela', 'svētdiena'],
  ['monday', 'mon', 'montag', 'lundi', 'lunes', 'lunedì', 'lunedi', 'maandag', 'poniedziałek', 'poniedzialek', 'pirmdiena'],
  ['tuesday', 'tue', 'tues', 'dienstag', 'mardi', 'martes', 'martedì', 'martedi', 'dinsdag', 'wtorek', 'otrdiena'],
  ['wednesday', 'wed', 'mittwoch', 'mercredi', 'miércoles', 'miercoles', 'mercoledì', 'mercoledi', 'woensdag', 'środa', 'sroda', 'trešdiena'],
  ['thursday', 'thu', 'thur', 'thurs', 'donnerstag', 'jeudi', 'jueves', 'giovedì', 'giovedi', 'donderdag', 'czwartek', 'ceturtdiena'],
  ['friday', 'fri', 'freitag', 'vendredi', 'viernes', 'venerdì', 'venerdi', 'vrijdag', 'piątek', 'piatek', 'piektdiena'],
  ['saturday', 'sat', 'samstag', 'samedi', 'sábado', 'sabado', 'sabato', 'zaterdag', 'sobota', 'sestdiena'],
];

function indexNames(groups: readonly (readonly string[])[], base: number): ReadonlyMap<string, number> {
  const map = new Map<string, number>();
  groups.forEach((names, index) => {
    for (const name of names) map.set(name, index + base);
  });
  return map;
}

/** Month name → month number (1–12). */
export const MONTH_NUMBERS: ReadonlyMap<string, number> = indexNames(MONTHS, 1);
/** Weekday name → day index (0 = Sunday). */
export const WEEKDAY_NUMBERS: ReadonlyMap<string, number> = indexNames(WEEKDAYS, 0);

function alternation(map: ReadonlyMap<string, number>): string {
  return [...map.keys()].sort((left, right) => right.length - left.length || (left < right ? -1 : 1)).join('|');
}

/** RegExp source matching any month name (longest first). */
export const MONTH_ALTERNATION = alternation(MONTH_NUMBERS);
/** RegExp source matching any weekday name (longest first). */
export const WEEKDAY_ALTERNATION = alternation(WEEKDAY_NUMBERS);
