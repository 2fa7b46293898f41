/** The lessons' prompts in English; text-ja.ts has the same keys. */
export const LESSON_TEXT_EN = {
  lessonNext: 'Waiting for the other players…',
  lessonWrongDefault: 'Not that move this time: read the prompt again, it names the card to look for.',

  sakuraTitle: 'Sakura: a guided first game',
  sakuraIntro:
    'The 48 cards are 12 months of 4: each month is a flower. On your turn you play a card from your hand; if a field card has the same month, you capture both. Then the top card of the draw pile is turned up and does the same. Cards are worth 20, 10, 5 or 0 points, and three special cards together make a yaku. You deal, so you play first.',
  sakuraMatch:
    'Matching by month: your plum poetry ribbon (a red ribbon with writing, 10 points) and the plum chaff on the field are both plum blossom, February. Play the ribbon: you capture both.',
  sakuraMatchWrong:
    'Look for the plum blossom (February): the red poetry ribbon in your hand matches the plum chaff on the field.',
  sakuraChoice:
    'After your play the top card of the pile was turned up (the draw): it matched nothing, so it stays on the field. Now a choice: your cherry chaff matches two cherry cards, the poetry ribbon (10) and a chaff (0). Take the ribbon: it is worth more, and the three poetry ribbons (pine, plum, cherry) make the yaku Ha.',
  sakuraChoiceWrong:
    'Play the cherry blossom chaff, and when it asks which card to take, choose the cherry poetry ribbon (10 points), not the chaff (0).',
  sakuraHiki:
    'You were dealt a hiki: all four maple cards, three in your hand and one on the field (the table was told you hold one, not which month). Instead of playing a card, take the hiki: all four maple cards are yours at once, the deer and the blue ribbon too.',
  sakuraHikiWrong: 'You hold a hiki in maple (October): take the hiki now: all four maple cards at once.',
  sakuraGaji:
    'The other player captured the boar: with the cuckoo and the bridge it makes the yaku To, which costs you 50 at the end. Answer with the Gaji: the willow lightning is wild from the hand and captures any one field card. Take the pine poetry ribbon: it completes your Ha, which costs the other player 50. The Gaji also claims pine: pine cards left on the field at the end come to you.',
  sakuraGajiWrong:
    'Play the willow lightning (the Gaji) and choose the pine poetry ribbon as its target: it completes Ha.',
  sakuraMoon: 'The full moon (20 points) matches the pampas grass chaff on the field: capture it.',
  sakuraMoonWrong: 'The full moon (pampas grass, August) has a match on the field: play it first.',
  sakuraLast:
    'Your last card: the phoenix (20) takes the paulownia chaff. Then your hand is empty, and the rest of the round is draws only: each player turns up the pile in turn until it is empty.',
  sakuraEnd:
    'Round over. Your score is the points of your captures minus 50 for each yaku of the other side: your Ha cost them 50, their To cost you 50. The pine chaff left on the field came to you by the Gaji.',

  koikoiTitle: 'Koi-Koi: a guided first game',
  koikoiIntro:
    'Koi-Koi is for two. Cards match by month as in every hanafuda game, but only yaku score: sets of brights (the five 20-point cards), animals, ribbons or chaff. When you make one, you choose to stop or go on. You deal, so you play first.',
  koikoiMatch:
    'Play the cherry curtain, a bright: it matches the cherry chaff on the field. Three brights make Sanko.',
  koikoiMatchWrong:
    'Look for the cherry blossom (March): the curtain in your hand matches the cherry chaff on the field.',
  koikoiChoice:
    'The draw: after your play, the maple deer was turned up and captured the maple chaff by itself. Now your pine chaff matches two pine cards, the crane (a bright) and the poetry ribbon: take the crane.',
  koikoiChoiceWrong: 'Play the pine chaff and take the crane (a bright) rather than the ribbon.',
  koikoiSake:
    'Play the sake cup on the chrysanthemum chaff. The curtain and the sake cup make Hanami-zake, a yaku worth 5.',
  koikoiSakeWrong:
    'The sake cup (chrysanthemum, September) matches the chaff on the field, and with your curtain it makes a yaku.',
  koikoiDecide:
    'A yaku! Now choose. Shobu ends the round and you score 5. Koi-Koi plays on for more, but if the other player makes a yaku and stops first, you score nothing. Your full moon can add two more yaku: call Koi-Koi.',
  koikoiDecideWrong: 'This time call Koi-Koi: your full moon can still add Tsukimi-zake and Sanko.',
  koikoiMoon:
    'Play the full moon on the pampas chaff: moon and sake cup make Tsukimi-zake (5), and crane, curtain and moon make Sanko (6).',
  koikoiMoonWrong: 'Play the full moon (pampas grass, August): it matches the chaff on the field.',
  koikoiShobu:
    '16 points: now stop with Shobu. A total of 7 or more is doubled, so you score 32. Another Koi-Koi would risk it all.',
  koikoiShobuWrong: 'Take your points now: choose Shobu.',
  koikoiEnd:
    'You won the round with 32 points. A real game has 12 rounds, and the winner of a round deals the next.',

  naraTitle: 'Nara Hana-awase: a guided first game',
  naraIntro:
    'Nara is for four, with the 48 cards and a blank. Each player gets two piles of five; the field has nine. Cards are worth 30, 20 or 0 (the blank 40). At the end your points minus 160 are your card score, and every yaku is paid to you by each other player.',
  naraPile:
    "Nara's piles: you keep one pile as your hand, and the other becomes your own draw pile, turned up one card a turn. The first (left) pile holds the crane, the warbler, the curtain and the blank; the second (right) pile only chaff. Choose the first pile as your hand.",
  naraPileWrong:
    'The second (right) pile is only chaff. The first (left) pile has the crane, the warbler, the curtain and the blank: choose it as your hand.',
  naraMatch: 'You play first. The crane (30) matches the pine chaff on the field: capture it.',
  naraMatchWrong: 'The crane (pine, January) matches the pine chaff on the field.',
  naraBlank:
    'The blank is wild: it captures any one field card. Take the full moon (30) before someone else does. The blank also claims the moon’s month: pampas cards left on the field at the end come to you.',
  naraBlankWrong: 'Play the blank and choose the full moon as its target.',
  naraWarbler:
    'Play the bush warbler on the plum chaff. Crane, warbler and curtain together make Upper Dango: 100 from each other player.',
  naraWarblerWrong: 'The bush warbler (plum, February) matches the plum chaff on the field.',
  naraCurtain: 'The curtain takes the cherry chaff and completes Upper Dango.',
  naraCurtainWrong:
    'The curtain (cherry, March) matches the cherry chaff on the field: it completes Upper Dango.',
  naraLast: 'Your last card has no match: it stays on the field. Your draw then takes the willow lightning.',
  naraEnd:
    'Round over: your card points minus 160, plus 100 from each other player for Upper Dango. The pampas chaff left on the field came to you by the blank.',
} as const;

export type LessonKey = keyof typeof LESSON_TEXT_EN;
