import { CLIENT_NAME_MAX_LENGTH } from "@wholesale/contract";

/** The bot's own wording (staff-editable texts come from bot_texts through latestBotText). */
export const texts = {
  failure: "Извините, что-то пошло не так. Попробуйте ещё раз.",
  timeout: "Извините, бот сейчас перегружен. Попробуйте ещё раз через минуту.",
  greeting: "Здравствуйте! Это бот оптового склада. Заказы здесь делают зарегистрированные клиенты.",
  askOrganization: "Давайте зарегистрируемся. Как называется ваша организация?",
  askNickname: "Как к вам обращаться? Напишите ваше имя.",
  askPhone: "Поделитесь номером телефона кнопкой ниже или напишите его, например +7 900 123-45-67.",
  badPhone: "Не похоже на номер телефона. Напишите его, например +7 900 123-45-67, или нажмите кнопку ниже.",
  notOwnPhone:
    "Это номер другого человека. Отправьте свой номер кнопкой «Поделиться номером» ниже или напишите его, например +7 900 123-45-67.",
  askVolume: "Какой у вас объём закупок?",
  tooLong: `Слишком длинно: не больше ${CLIENT_NAME_MAX_LENGTH} символов.`,
  empty: "Напишите, пожалуйста, текстом.",
  registered: "Спасибо! Заявка отправлена. Мы сообщим, когда менеджер её подтвердит.",
  waiting: "Ваша заявка на регистрацию ещё не подтверждена. Мы сообщим, когда менеджер её подтвердит.",
  declined: "Ваша заявка на регистрацию отклонена. Чтобы подать новую, нажмите /start.",
  confirmed: "Ваша регистрация подтверждена! Нажмите «Маркет», чтобы сделать заказ.",
  askClaim: "Опишите претензию одним сообщением: что случилось, с каким товаром и заказом.",
  claimFiled: "Претензия принята. Менеджер свяжется с вами.",
  openCatalogue: "Открыть каталог",
  chooseBrand: "Выберите брэнд:",
  chooseProduct: "Выберите товар:",
  chooseModification: "Выберите модификацию:",
  emptyCatalogue: "Сейчас в каталоге нет товаров для вас.",
  emptyList: "Здесь пока ничего нет.",
  askQuantity: "Напишите количество числом, например 15.",
  badQuantity: "Напишите количество целым числом больше нуля, например 15.",
  added: "Добавлено в заказ.",
  takeAvailable: "Взять сколько есть",
  removed: "Позиция удалена.",
  changed: "Количество изменено.",
  retryChange: "Напишите другое количество или выберите действие в меню.",
  retryQuantity: "Напишите другое количество или выберите его кнопкой ниже.",
  unknownCommand: "Выберите действие кнопками ниже.",
  privateOnly: "Напишите мне в личные сообщения.",
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
