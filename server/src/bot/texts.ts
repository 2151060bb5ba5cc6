/** The bot's own wording (staff-editable texts come from bot_texts through latestBotText). */
export const texts = {
  failure: "Извините, что-то пошло не так. Попробуйте ещё раз.",
  timeout: "Извините, бот сейчас перегружен. Попробуйте ещё раз через минуту.",
  askOrganization: "Давайте зарегистрируемся. Как называется ваша организация?",
  askNickname: "Как к вам обращаться? Напишите ваше имя.",
  askPhone: "Поделитесь номером телефона кнопкой ниже или напишите его, например +7 900 123-45-67.",
  badPhone: "Не похоже на номер телефона. Напишите его, например +7 900 123-45-67, или нажмите кнопку ниже.",
  askVolume: "Какой у вас объём закупок?",
  tooLong: "Слишком длинно: не больше 200 символов.",
  empty: "Напишите, пожалуйста, текстом.",
  registered: "Спасибо! Заявка отправлена. Мы сообщим, когда менеджер её подтвердит.",
  waiting: "Ваша заявка на регистрацию ещё не подтверждена. Мы сообщим, когда менеджер её подтвердит.",
  confirmed: "Ваша регистрация подтверждена! Нажмите «Маркет», чтобы сделать заказ.",
  askClaim: "Опишите претензию одним сообщением: что случилось, с каким товаром и заказом.",
  claimFiled: "Претензия принята. Менеджер свяжется с вами.",
  unknownCommand: "Выберите действие кнопками ниже.",
  menu: {
    market: "Маркет",
    order: "Мой заказ",
    conditions: "Условия",
    warranty: "Гарантия",
    claim: "Претензия",
  },
  volume: { small: "Малый опт", large: "Крупный опт" },
  sharePhone: "Поделиться номером",
} as const;

/** Commands registered with setMyCommands (the menu beside the input field). */
export const botCommands = [
  { command: "start", description: "Начать" },
  { command: "market", description: "Маркет" },
  { command: "order", description: "Мой заказ" },
  { command: "conditions", description: "Условия" },
  { command: "warranty", description: "Гарантия" },
  { command: "claim", description: "Претензия" },
];
