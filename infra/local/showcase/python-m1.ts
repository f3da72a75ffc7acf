import type { ShowcaseModule } from './types';

// Featured course "Introducción a la programación con Python" (principiante), module 1: team-written, real length.

export const pythonM1: ShowcaseModule = {
  titulo: 'Primeros pasos: datos y decisiones',
  descripcion: 'Cómo ejecuta Python un programa, cómo guarda datos en variables y cómo elige qué hacer según esos datos.',
  objetivos: ['Guardar datos en variables y convertirlos entre números y texto', 'Escribir programas que deciden con if, elif y else'],
  terminosClave: ['variable', 'tipo de dato', 'print', 'input', 'condición', 'sangría'],
  conceptosErroneos: [
    'Creer que el signo = compara dos valores en lugar de guardar uno',
    'Pensar que input devuelve un número si la persona escribe cifras',
    'Suponer que la sangría del código es solo una cuestión de estilo',
  ],
  ejemploConductor: 'Un programa que reparte la cuenta de una cena entre amigos y avisa a quien ha puesto de menos',
  lecciones: [
    {
      titulo: 'Tu primer programa: valores y variables',
      resumen: 'Instrucciones que se ejecutan en orden, variables con nombre, los tipos int, float y str, y la conversión de lo que devuelve input.',
      leccion: {
        objetivos: ['Ejecutar un programa sencillo y leer lo que muestra', 'Guardar valores en variables con nombres claros', 'Distinguir enteros, decimales y textos, y convertir de uno a otro'],
        introduccion:
          'Un programa es una lista de instrucciones que el ordenador sigue en orden, de arriba abajo, sin saltarse ninguna. Python es un lenguaje pensado para que esas instrucciones se lean casi como frases, y por eso es una buena puerta de entrada a la programación. En esta lección escribirás tu primer programa, aprenderás a guardar datos con un nombre y descubrirás por qué para Python no es lo mismo el número 5 que el texto formado por la cifra 5.',
        explicacion: [
          {
            subtitulo: 'Instrucciones que se ejecutan en orden',
            texto:
              'Para escribir Python necesitas un intérprete, el programa que lee tu código y lo ejecuta. Puedes instalarlo desde la web oficial del lenguaje o usar un editor en línea. En los dos casos escribes el código en un archivo que termina en `.py` y lo ejecutas con un botón o con la orden `python cena.py`.\n\nLa primera instrucción que casi todo el mundo aprende es `print`, que muestra un mensaje en la pantalla:\n\n```python\nprint("Hola, Ana")\nprint(2 + 3)\n```\n\nAl ejecutarlo verás dos líneas: el saludo y el número 5. Fíjate en la diferencia. El texto va entre comillas y Python lo muestra tal cual; la suma va sin comillas y Python la calcula antes de mostrarla. El intérprete lee la primera línea, la cumple y pasa a la siguiente. Si una línea tiene un error, se detiene allí y te muestra un mensaje que indica el número de línea y el tipo de fallo. Leer ese mensaje con calma es la mitad del trabajo de programar.',
          },
          {
            subtitulo: 'Variables: datos con nombre',
            texto:
              'Una variable es un nombre que apunta a un dato para poder usarlo más tarde. Se crea con el signo igual:\n\n```python\ntotal = 84\npersonas = 4\nprint(total / personas)\n```\n\nEl signo `=` no significa que dos cosas sean iguales, como en matemáticas. Significa "guarda el valor de la derecha con el nombre de la izquierda". Por eso es válido escribir `total = total + 6`: Python calcula primero la parte derecha con el valor antiguo, 84 más 6, y después guarda el resultado, 90, con el mismo nombre.\n\nElige nombres que expliquen qué guardan. Un nombre como `personas` se entiende al leerlo, mientras que `p` o `x2` obligan a adivinar. Los nombres no pueden llevar espacios ni empezar por un número, y Python distingue mayúsculas de minúsculas: `Total` y `total` serían dos variables distintas.',
          },
          {
            subtitulo: 'Tipos de datos: enteros, decimales y texto',
            texto:
              'Cada dato tiene un tipo, y el tipo decide qué puedes hacer con él. Al empezar te bastan tres. Los enteros (`int`) son números sin decimales, como 4 o -12. Los decimales (`float`) llevan punto, no coma: 21.5. Los textos (`str`) van entre comillas, como `"Ana"` o `"84"`.\n\nEl tipo importa porque las operaciones cambian con él. Con números, `+` suma: `2 + 3` da 5. Con textos, `+` une: `"2" + "3"` da "23". Y si mezclas los dos, como en `"2" + 3`, Python se detiene con un error de tipo, un `TypeError`, porque no sabe si quieres sumar o unir. Puedes preguntar el tipo de cualquier dato con `type`. Por ejemplo, `type(21.5)` responde que es un `float`.',
          },
          {
            subtitulo: 'Pedir datos con input y convertirlos',
            texto:
              'Un programa útil no trabaja siempre con los mismos números: se los pide a quien lo usa. Para eso está `input`, que muestra una pregunta, espera a que la persona escriba y devuelve lo escrito:\n\n```python\ntexto = input("¿Cuánto costó? ")\ntotal = float(texto)\n```\n\nAquí está la trampa más frecuente de los principiantes: `input` siempre devuelve texto, aunque la persona escriba cifras. Si escribe 84, la variable guarda el texto "84", y dividir ese texto entre 4 produce un error. Por eso se convierte antes de operar. La función `int()` convierte a entero, `float()` convierte a decimal y `str()` convierte un número en texto. Si la conversión no es posible, por ejemplo `int("ochenta")`, Python avisa con un `ValueError`. Más adelante aprenderás a prever esos casos; de momento basta con saber leer el aviso.',
          },
        ],
        ejemploResuelto: {
          titulo: 'La cuenta de la cena',
          planteamiento:
            'Cuatro amigos han cenado juntos y quieres un programa que pregunte el total y el número de personas, y diga cuánto paga cada uno. La primera versión que escribe Lucía se detiene con un error de tipo. ¿Qué ha pasado y cómo se arregla?',
          desarrollo:
            '1. La versión de Lucía es esta:\n\n```python\ntotal = input("Total: ")\npersonas = input("Personas: ")\nprint(total / personas)\n```\n\n2. Al ejecutarla con 84 y 4, Python se detiene en la tercera línea con un `TypeError`. El mensaje dice que no se puede dividir un `str` entre otro `str`.\n3. La causa es que las dos variables guardan texto, porque los dos datos vienen de `input`.\n4. La solución es convertir cada dato al tipo adecuado: el total a `float`, porque puede llevar céntimos, y las personas a `int`, porque no hay medias personas.\n\n```python\ntotal = float(input("Total: "))\npersonas = int(input("Personas: "))\ncuota = total / personas\nprint("Cada uno paga", cuota)\n```\n\n5. Ahora el programa muestra que cada uno paga 21.0.\n\nConclusión: cuando un dato llega de fuera del programa, conviértelo antes de calcular con él.',
        },
        ejercicio: {
          enunciado:
            'Escribe un programa que pida la edad de una persona y muestre cuántos años tendrá dentro de diez años. Antes de ejecutarlo, predice qué pasaría si olvidaras convertir la edad con `int`.',
          solucion:
            'Una solución es esta:\n\n```python\nedad = int(input("¿Tu edad? "))\nprint("En diez años:", edad + 10)\n```\n\nSin `int`, la variable `edad` guardaría texto y la suma `edad + 10` mezclaría un texto con un entero, así que Python se detendría con un `TypeError`. Y si, sin convertir, hubieras escrito `edad + "10"`, no habría ningún error, pero el resultado uniría los dos textos: con una edad de 25 mostraría 2510.',
        },
        autoevaluacion: [
          { pregunta: '¿Qué hace exactamente la línea `total = total + 6`?', respuesta: 'Calcula el valor actual de total más 6 y guarda el resultado con el mismo nombre, total.' },
          { pregunta: '¿Por qué falla dividir directamente lo que devuelve `input`?', respuesta: 'Porque input siempre devuelve texto, y un texto no se puede dividir: antes hay que convertirlo con int o float.' },
          {
            pregunta: 'Explica con tus palabras la diferencia entre el número 5 y el texto "5", con una operación que dé un resultado distinto con cada uno.',
            respuesta: 'Respuesta abierta. Una buena respuesta dice que 5 es un entero y "5" un texto, y lo muestra con el signo +: 5 + 5 da 10, mientras que "5" + "5" da "55".',
          },
        ],
        resumen: [
          'Python ejecuta las instrucciones en orden y se detiene en la primera línea con un error.',
          'El signo = guarda un valor con un nombre; no compara.',
          'Los tipos básicos son int, float y str, y el tipo decide qué hace cada operación.',
          'input siempre devuelve texto: conviértelo con int o float antes de calcular.',
        ],
      },
    },
    {
      titulo: 'Decidir con if, elif y else',
      resumen: 'Comparaciones que dan verdadero o falso, bloques marcados con sangría y cadenas de casos con elif.',
      leccion: {
        objetivos: ['Escribir condiciones con operadores de comparación', 'Usar if, elif y else para elegir entre varios caminos', 'Combinar condiciones con and, or y not'],
        introduccion:
          'Hasta ahora tus programas hacían siempre lo mismo, línea tras línea. La mayoría de los programas reales, en cambio, reaccionan a los datos: un cajero solo entrega dinero si hay saldo, y un formulario solo se envía si el correo tiene una arroba. En esta lección aprenderás a escribir esas decisiones. Usarás lo que ya sabes de variables y conversiones, y añadirás una pieza nueva: la condición.',
        explicacion: [
          {
            subtitulo: 'Condiciones: preguntas que responden True o False',
            texto:
              'Una condición es una expresión que Python evalúa como verdadera o falsa. Esos dos valores forman su propio tipo de dato, el booleano (`bool`), y se escriben `True` y `False`, con mayúscula inicial.\n\nLas condiciones más simples comparan dos valores:\n\n- `==` pregunta si son iguales.\n- `!=` pregunta si son distintos.\n- `<`, `>`, `<=` y `>=` comparan tamaños.\n\nNo confundas `==` con `=`. Un solo igual guarda un valor en una variable; dos iguales preguntan si dos valores coinciden. Escribir `if saldo = 0:` es un error de sintaxis, y Python te lo señalará antes de ejecutar nada. También puedes comparar textos. La condición `nombre == "Ana"` solo es verdadera si los dos textos coinciden letra a letra, con las mayúsculas incluidas.',
          },
          {
            subtitulo: 'if y else: dos caminos',
            texto:
              'La instrucción `if` ejecuta un bloque de código solo cuando su condición es verdadera. La línea del `if` termina con dos puntos, y el bloque que depende de ella va debajo, con sangría: cuatro espacios al principio de cada línea.\n\n```python\nsaldo = 50\nprecio = 35\nif saldo >= precio:\n    print("Compra aprobada")\n    saldo = saldo - precio\nelse:\n    print("Saldo insuficiente")\nprint("Saldo final:", saldo)\n```\n\nLa sangría no es decoración. Es la forma en que Python sabe qué líneas pertenecen al bloque. Las dos líneas con sangría bajo el `if` se ejecutan juntas o no se ejecuta ninguna, y el `else` recoge el caso contrario. La última línea no tiene sangría, así que se ejecuta siempre, se cumpla o no la condición. Si mezclas sangrías distintas dentro de un bloque, Python se detiene con un `IndentationError`.',
          },
          {
            subtitulo: 'elif: más de dos casos',
            texto:
              'Muchas decisiones tienen más de dos salidas. Para eso está `elif`, abreviatura de "else if": una condición nueva que solo se comprueba si las anteriores han sido falsas.\n\n```python\nedad = int(input("Edad: "))\nif edad < 12:\n    precio = 5\nelif edad < 65:\n    precio = 9\nelse:\n    precio = 6\n```\n\nPython revisa las condiciones de arriba abajo y ejecuta solo el primer bloque cuya condición se cumpla; después salta al final de toda la cadena. Por eso el orden importa. Una persona de 8 años cumple `edad < 12` y también `edad < 65`, pero paga 5, porque el primer caso verdadero gana. Si pusieras `edad < 65` en primer lugar, los niños pagarían 9 y el bloque pensado para ellos no se ejecutaría nunca.',
          },
          {
            subtitulo: 'Combinar condiciones con and, or y not',
            texto:
              'A veces una decisión depende de varias cosas a la vez. `and` exige que las dos condiciones sean verdaderas; `or` se conforma con que lo sea una; `not` invierte el resultado.\n\n```python\nif edad >= 18 and tiene_entrada:\n    print("Adelante")\n```\n\nCon `and`, una persona de 20 años sin entrada no pasa. Con `or`, pasaría cualquiera que tuviera entrada o fuera mayor de edad, y seguramente no es lo que querías. Antes de escribir una condición compuesta, dila en voz alta en español: "pasa si es mayor de edad y tiene entrada". Si la frase usa "y", necesitas `and`; si usa "o", necesitas `or`. Y cuando una condición se vuelve difícil de leer, guárdala primero en una variable con un nombre claro, como `puede_pasar`.',
          },
        ],
        ejemploResuelto: {
          titulo: 'El aviso de la cena',
          planteamiento:
            'Vuelves al programa de la cena. Ahora cada amigo escribe cuánto ha puesto, y quieres que el programa le diga si ha puesto de menos, justo lo que le toca o de más, con la diferencia en cada caso.',
          desarrollo:
            '1. Primero se calcula lo que le toca a cada uno, como en la lección anterior: `parte = total / personas`.\n2. Después se pide lo que ha puesto el amigo y se convierte a decimal: `puesto = float(input("¿Cuánto has puesto? "))`.\n3. Hay tres casos, así que hace falta una cadena con `if`, `elif` y `else`:\n\n```python\nif puesto < parte:\n    print("Faltan", parte - puesto)\nelif puesto == parte:\n    print("Estás en paz")\nelse:\n    print("Sobran", puesto - parte)\n```\n\n4. Se prueba con un dato de cada caso. Con una parte de 21, poner 15 muestra que faltan 6; poner 21, que está en paz; poner 30, que le sobran 9.\n\nConclusión: cada salida posible del problema tiene su bloque, y probar el programa con un dato de cada caso es la forma de comprobar que la cadena está bien ordenada.',
        },
        ejercicio: {
          enunciado:
            'Escribe un programa que pida la temperatura en grados y muestre "Hace frío" por debajo de 15, "Se está bien" de 15 a 25 y "Hace calor" por encima de 25. Si el dato es menor que -50 o mayor que 60, debe mostrar "Dato imposible".',
          solucion:
            'Una solución es esta:\n\n```python\ntemp = float(input("Grados: "))\nif temp < -50 or temp > 60:\n    print("Dato imposible")\nelif temp < 15:\n    print("Hace frío")\nelif temp <= 25:\n    print("Se está bien")\nelse:\n    print("Hace calor")\n```\n\nLa comprobación del dato imposible va primero: si fuera al final, un valor de -80 cumpliría antes `temp < 15` y el programa diría que hace frío. Se usa `or` porque basta con que se cumpla una de las dos condiciones para que el dato no sirva. El límite de 25 se incluye con `<=`, como pide el enunciado.',
        },
        autoevaluacion: [
          { pregunta: '¿Qué diferencia hay entre `=` y `==`?', respuesta: 'Un igual guarda un valor en una variable; dos iguales comparan dos valores y dan True o False.' },
          { pregunta: '¿Qué bloque se ejecuta si varias condiciones de una cadena con if y elif son verdaderas?', respuesta: 'Solo el primero cuya condición sea verdadera, en orden de arriba abajo.' },
          {
            pregunta: 'Explica con tus palabras para qué sirve la sangría en un programa con if, y qué le pasaría a una línea que quedara sin sangría por error.',
            respuesta: 'Respuesta abierta. La sangría indica qué líneas forman el bloque del if. Una línea sin sangría queda fuera del bloque y se ejecuta siempre, se cumpla o no la condición.',
          },
        ],
        resumen: [
          'Una condición se evalúa como True o False, los valores del tipo bool.',
          'Un solo igual asigna y dos iguales comparan.',
          'if ejecuta su bloque con sangría solo si la condición es verdadera; else recoge el caso contrario.',
          'En una cadena con elif gana el primer caso verdadero, así que el orden importa.',
          'and exige las dos condiciones, or se conforma con una y not invierte el resultado.',
        ],
      },
    },
  ],
  preguntas: [
    [0, 'El intérprete lee la primera línea, la cumple y pasa a la siguiente.', '¿En qué orden ejecuta Python las instrucciones de un programa?', ['De arriba abajo, una línea tras otra', 'Primero las líneas con print y después las demás', 'Todas a la vez, en paralelo', 'En el orden que elija el intérprete'], ['Correcto: el intérprete cumple cada línea y pasa a la siguiente.', 'Supone que unas instrucciones tienen prioridad sobre otras; print se ejecuta en su turno.', 'Cree que las líneas se ejecutan en paralelo; en un programa sencillo se cumplen una a una.', 'Cree que el intérprete reordena el código; respeta siempre el orden escrito.']],
    [0, 'Si una línea tiene un error, se detiene allí y te muestra un mensaje que indica el número de línea y el tipo de fallo.', '¿Qué hace Python cuando encuentra un error en la tercera línea de un programa?', ['Se detiene y dice en qué línea está el fallo', 'Se salta esa línea y continúa con la siguiente', 'Corrige el error por su cuenta y sigue adelante', 'Vuelve a empezar el programa desde el principio'], ['Correcto: se detiene en la línea del error y la indica en el mensaje.', 'Cree que un error se puede pasar por alto; Python no ejecuta nada después de él.', 'Atribuye al intérprete una inteligencia que no tiene: el error lo corriges tú.', 'Confunde detenerse con reiniciar; el programa termina en la línea del error.']],
    [0, 'El texto va entre comillas y Python lo muestra tal cual; la suma va sin comillas y Python la calcula antes de mostrarla.', '¿Qué muestra la instrucción `print(2 + 3)`?', ['El número 5', 'El texto 2 + 3 tal cual', 'Un error, porque faltan las comillas', 'Los números 2 y 3 en dos líneas'], ['Correcto: sin comillas, Python calcula la suma y muestra el resultado.', 'Confunde una expresión sin comillas con un texto; solo entre comillas se muestra tal cual.', 'Cree que print solo admite textos; también muestra números y resultados de operaciones.', 'Supone que print separa los operandos; muestra un solo valor, el de la suma.']],
    [0, 'Una variable es un nombre que apunta a un dato para poder usarlo más tarde.', '¿Qué es una variable en Python?', ['Un nombre que apunta a un dato para usarlo después', 'Un número que cambia solo cada vez que se ejecuta', 'Una instrucción que muestra datos en la pantalla', 'Un archivo donde se guardan los programas'], ['Correcto: es un nombre con el que recuperas un dato.', 'Toma el sentido matemático de variable; su valor solo cambia cuando el programa le asigna otro.', 'Confunde la variable con print, que es la instrucción que muestra datos.', 'Confunde la variable con el archivo que contiene el código.']],
    [0, 'Significa "guarda el valor de la derecha con el nombre de la izquierda".', '¿Qué significa el signo `=` en la línea `total = 84`?', ['Guarda 84 con el nombre total', 'Pregunta si total vale 84', 'Afirma que total y 84 son siempre iguales', 'Compara total con 84 y muestra el resultado'], ['Correcto: el signo igual asigna un valor a un nombre.', 'Confunde asignar con comparar; para preguntar se usa el doble igual.', 'Toma el igual en sentido matemático; la variable puede cambiar de valor más adelante.', 'Mezcla asignación, comparación y print; esa línea ni compara ni muestra nada.']],
    [0, 'Python calcula primero la parte derecha con el valor antiguo, 84 más 6, y después guarda el resultado, 90, con el mismo nombre.', 'Si `total` vale 84, ¿cuánto vale después de ejecutar `total = total + 6`?', ['Vale 90', 'Sigue valiendo 84', 'Vale 6', 'Da un error de sintaxis'], ['Correcto: calcula 84 más 6 y guarda 90 con el mismo nombre.', 'Cree que una variable no puede cambiar; la asignación sustituye el valor antiguo.', 'Piensa que se guarda solo el número de la derecha; primero se calcula la suma entera.', 'Lee la línea como una ecuación imposible; en Python es una asignación válida.']],
    [0, 'Los nombres no pueden llevar espacios ni empezar por un número, y Python distingue mayúsculas de minúsculas', '¿Cuál de estos nombres de variable es válido en Python?', ['`precioTotal`', '`precio total`', '`2precio`', '`total$`'], ['Correcto: solo letras, sin espacios y sin empezar por un número.', 'Olvida que un nombre no puede llevar espacios: Python lo leería como dos nombres.', 'Olvida que un nombre no puede empezar por un número.', 'Cree que cualquier símbolo vale en un nombre; el signo de dólar no está permitido.']],
    [0, 'Los decimales (float) llevan punto, no coma: 21.5.', '¿Cómo se escribe en Python el número veintiuno y medio?', ['21.5', '21,5', '21 1/2', 'veintiuno.5'], ['Correcto: los decimales se escriben con punto.', 'Aplica la coma decimal de la escritura habitual; en Python la coma separa datos distintos.', 'Cree que puede escribir una fracción mixta como en un papel; Python no acepta dos números separados por un espacio.', 'Mezcla palabras y cifras; un número se escribe solo con cifras y punto.']],
    [0, 'Con textos, + une: "2" + "3" da "23".', '¿Qué resultado da `"2" + "3"` en Python?', ['El texto "23"', 'El número 5', 'Un error de tipo', 'El texto "5"'], ['Correcto: con textos, el signo + los une uno detrás de otro.', 'Trata los textos como números; entre comillas, 2 y 3 son caracteres, no cantidades.', 'Cree que + no admite dos textos; el error de tipo aparece al mezclar texto y número.', 'Cree que Python suma y luego convierte en texto; con textos no calcula nada, solo los une.']],
    [0, 'Aquí está la trampa más frecuente de los principiantes: input siempre devuelve texto, aunque la persona escriba cifras.', 'Una persona escribe 84 cuando el programa ejecuta `input()`. ¿Qué guarda la variable que recibe el dato?', ['El texto "84"', 'El entero 84', 'El decimal 84.0', 'Depende de lo que escriba la persona'], ['Correcto: input siempre devuelve texto.', 'Es el concepto erróneo más común: input no convierte las cifras en número.', 'Cree que input elige un tipo numérico; para un decimal hace falta float().', 'Supone que input detecta el tipo de lo escrito; devuelve texto en todos los casos.']],
    [0, 'Si la conversión no es posible, por ejemplo int("ochenta"), Python avisa con un ValueError.', '¿Qué ocurre al ejecutar `int("ochenta")`?', ['Python avisa con un ValueError', 'Devuelve el entero 80', 'Devuelve el texto sin cambios', 'Devuelve 0 porque no hay cifras'], ['Correcto: la conversión no es posible y Python avisa con un ValueError.', 'Supone que Python entiende números escritos con letras; int solo convierte cifras.', 'Cree que una conversión fallida se pasa por alto; Python la señala con un error.', 'Cree que existe un valor por defecto; la conversión fallida es un error.']],
    [1, 'Esos dos valores forman su propio tipo de dato, el booleano', '¿Qué tipo de dato tiene el resultado de la comparación `7 > 3`?', ['Booleano (bool), con el valor True', 'Entero (int), con el valor 4', 'Texto (str), con el valor "sí"', 'Decimal (float), con el valor 1.0'], ['Correcto: una comparación da True o False, el tipo bool.', 'Confunde comparar con restar; 7 > 3 pregunta si 7 es mayor, no calcula la diferencia.', 'Cree que la respuesta es una palabra; Python responde con True o False, sin comillas.', 'Supone que verdadero se guarda como un número decimal; tiene su propio tipo, bool.']],
    [1, 'Un solo igual guarda un valor en una variable; dos iguales preguntan si dos valores coinciden.', '¿Qué operador pregunta si dos valores son iguales?', ['`==`, doble igual', '`=`, asignación', '`!=`, distinto de', '`>=`, mayor o igual que'], ['Correcto: el doble igual compara y da True o False.', 'Confunde comparar con asignar: un solo igual guarda un valor.', 'Ese operador pregunta lo contrario: si los valores son distintos.', 'Ese operador pregunta si el primero es mayor o igual que el segundo.']],
    [1, 'La línea del if termina con dos puntos, y el bloque que depende de ella va debajo, con sangría: cuatro espacios al principio de cada línea.', '¿Cómo indica Python qué líneas dependen de un `if`?', ['Con sangría: cuatro espacios al principio de cada una', 'Escribiéndolas entre llaves, como en otros lenguajes', 'Poniendo la palabra `end` al final del bloque', 'Numerando las líneas que forman el bloque'], ['Correcto: la sangría marca el bloque que depende del if.', 'Traslada la costumbre de otros lenguajes; Python no usa llaves para los bloques.', 'Confunde Python con lenguajes que cierran bloques con una palabra; aquí basta con volver al margen.', 'Cree que el bloque se señala con números; Python solo mira la sangría.']],
    [1, 'La última línea no tiene sangría, así que se ejecuta siempre, se cumpla o no la condición.', 'Por error, una línea que pertenecía al bloque de un `if` se ha quedado sin sangría. ¿Qué ocurre con esa línea al ejecutar el programa?', ['Queda fuera del bloque y se ejecuta siempre', 'Python la mete en el bloque por su cuenta', 'No cambia nada: la sangría es solo estilo', 'Se ejecuta solo cuando la condición es falsa'], ['Correcto: sin sangría, la línea no pertenece al bloque y se ejecuta siempre.', 'Atribuye al intérprete una intención que no puede adivinar; solo mira la sangría.', 'Es el concepto erróneo de ver la sangría como estilo; en Python define los bloques.', 'Confunde una línea sin sangría con el bloque de else, que sí depende de la condición.']],
    [1, 'Si mezclas sangrías distintas dentro de un bloque, Python se detiene con un IndentationError.', '¿Qué ocurre cuando en un mismo bloque de código se mezclan sangrías de tamaños distintos?', ['Se detiene con un IndentationError', 'Elige la sangría más frecuente y sigue', 'Ejecuta el bloque igual, sin avisar', 'Cambia las sangrías por espacios'], ['Correcto: una sangría incoherente impide saber qué líneas forman el bloque.', 'Atribuye al intérprete un criterio que no tiene; ante la duda, se detiene.', 'Cree que la sangría es opcional; en Python es parte de la sintaxis.', 'Supone que el intérprete arregla el formato; no modifica tu código.']],
    [1, 'Python revisa las condiciones de arriba abajo y ejecuta solo el primer bloque cuya condición se cumpla; después salta al final de toda la cadena.', 'En una cadena de `if` y `elif`, dos condiciones son verdaderas. ¿Qué bloques se ejecutan?', ['Solo el primero que sea verdadero', 'Los dos, uno detrás de otro', 'Solo el de la última condición verdadera', 'Ninguno, porque Python no sabe cuál elegir'], ['Correcto: gana el primer caso verdadero y el resto se salta.', 'Cree que elif se comprueba siempre; solo se mira si lo anterior fue falso.', 'Invierte el orden de revisión; Python va de arriba abajo y se queda con el primero.', 'Supone un conflicto que no existe: el orden de la cadena decide.']],
    [1, 'pero paga 5, porque el primer caso verdadero gana', 'Con la cadena de precios de la lección (menores de 12 pagan 5, menores de 65 pagan 9, el resto 6), ¿cuánto paga alguien de 8 años?', ['Paga 5', 'Paga 9', 'Paga 6', 'Paga 5 y luego 9'], ['Correcto: cumple la primera condición y la cadena termina ahí.', 'Cree que cuenta la última condición verdadera; en una cadena gana la primera.', 'Confunde el caso de los niños con el de else, que solo se aplica si ninguna condición se cumple.', 'Supone que se ejecutan varios bloques; en una cadena con elif solo se ejecuta uno.']],
    [1, 'and exige que las dos condiciones sean verdaderas; or se conforma con que lo sea una; not invierte el resultado.', '¿Cuándo es verdadera la condición `edad >= 18 and tiene_entrada`?', ['Cuando se cumplen las dos partes a la vez', 'Cuando se cumple al menos una de las dos partes', 'Cuando no se cumple ninguna de las dos', 'Solo cuando la edad es exactamente 18'], ['Correcto: and exige que las dos condiciones sean verdaderas.', 'Confunde and con or, que se conforma con una sola.', 'Confunde and con not, que invierte el resultado.', 'Lee el signo >= como igualdad; incluye cualquier edad de 18 en adelante.']],
    [1, 'Antes de escribir una condición compuesta, dila en voz alta en español', 'Un cine deja pasar gratis a quien tenga menos de 5 años o más de 80. ¿Qué operador une las dos condiciones?', ['`or`', '`and`', '`not`', '`==`'], ['Correcto: basta con cumplir una de las dos condiciones.', 'Con and nadie entraría gratis: nadie tiene a la vez menos de 5 y más de 80 años.', 'Cree que not une condiciones; solo invierte una.', 'Cree que el doble igual une condiciones; compara dos valores.']],
    [1, 'No confundas == con =.', '¿Por qué la línea `if saldo = 0:` es un error?', ['Porque con un solo igual no compara, asigna', 'Porque el saldo no puede valer cero', 'Porque falta escribir else en la línea siguiente', 'Porque los números no pueden ir tras un if'], ['Correcto: para preguntar si el saldo vale 0 se escribe ==.', 'Cree que el problema es el valor; un saldo puede ser cero sin ningún problema.', 'Supone que if exige siempre un else; el else es opcional.', 'Cree que las condiciones no admiten números; el problema es el operador.']],
    [1, 'una condición nueva que solo se comprueba si las anteriores han sido falsas', '¿Cuándo se comprueba la condición de un `elif`?', ['Solo si lo anterior ha sido falso', 'Siempre, antes que la del if', 'Siempre, después de ejecutar el bloque del if', 'Solo si la condición del if ha sido verdadera'], ['Correcto: elif solo se mira si nada de lo anterior se ha cumplido.', 'Invierte el orden; Python revisa la cadena de arriba abajo.', 'Cree que tras un bloque verdadero se siguen comprobando casos; la cadena termina en el primero.', 'Invierte la lógica: si el if es verdadero, el elif ni se mira.']],
  ],
};
