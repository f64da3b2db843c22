// Scaffold: the questionnaire schemas of the documents feature (request, response, messages).
export {};
