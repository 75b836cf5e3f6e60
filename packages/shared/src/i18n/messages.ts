import type { Language } from './languages.ts';

type Catalogue = Record<string, Record<Language, string>>;

/**
 * Messages both sides show: validation rules (spec section 5) and the error catalogue
 * (spec section 8). Chinese is the spec's exact wording; `{name}` marks a parameter.
 */
export const messages = {
  'validation.mobileRequired': {
    zh: '请输入手机号',
    en: 'Please enter a mobile number',
    es: 'Introduzca un número de móvil',
    ja: '携帯電話番号を入力してください',
  },
  'validation.mobile': {
    zh: '请输入正确手机号',
    en: 'Please enter a valid mobile number',
    es: 'Introduzca un número de móvil válido',
    ja: '正しい携帯電話番号を入力してください',
  },
  'validation.userNameRequired': {
    zh: '请输入用户名',
    en: 'Please enter a user name',
    es: 'Introduzca un nombre de usuario',
    ja: 'ユーザー名を入力してください',
  },
  'validation.notEmpty': { zh: '不能为空', en: 'Must not be empty', es: 'No puede estar vacío', ja: '空にできません' },
  'validation.userNameChars': {
    zh: '只允许字母、数字、下划线',
    en: 'Only letters, digits and underscores are allowed',
    es: 'Solo se permiten letras, dígitos y guiones bajos',
    ja: '英字・数字・アンダースコアのみ使用できます',
  },
  'validation.userNameLength': {
    zh: '长度6到18个字符',
    en: 'Length must be 6 to 18 characters',
    es: 'La longitud debe ser de 6 a 18 caracteres',
    ja: '6〜18文字で入力してください',
  },
  'validation.email': {
    zh: '邮箱格式不正确',
    en: 'Invalid email address',
    es: 'Dirección de correo no válida',
    ja: 'メールアドレスの形式が正しくありません',
  },
  'validation.naturalNumber': {
    zh: '请输入自然数',
    en: 'Please enter a natural number',
    es: 'Introduzca un número natural',
    ja: '自然数を入力してください',
  },
  'validation.englishLetters': {
    zh: '只能输入英文字母',
    en: 'Only English letters are allowed',
    es: 'Solo se permiten letras inglesas',
    ja: '英字のみ入力できます',
  },
  'validation.landline': {
    zh: '请输入正确的固定电话',
    en: 'Please enter a valid landline number',
    es: 'Introduzca un teléfono fijo válido',
    ja: '正しい固定電話番号を入力してください',
  },
  'validation.bankCard': {
    zh: '请输入10到20位银行卡号',
    en: 'Bank card number must be 10 to 20 digits',
    es: 'La tarjeta bancaria debe tener de 10 a 20 dígitos',
    ja: '銀行カード番号は10〜20桁で入力してください',
  },
  'validation.idNumber': {
    zh: '证件号码最多50位字母或数字',
    en: 'ID number: at most 50 letters or digits',
    es: 'Número de documento: como máximo 50 letras o dígitos',
    ja: '証明書番号は英数字50文字以内です',
  },
  'validation.chineseId': {
    zh: '请输入正确的身份证号码',
    en: 'Please enter a valid Chinese ID number',
    es: 'Introduzca un número de identidad chino válido',
    ja: '正しい中国の身分証番号を入力してください',
  },
  'validation.qq': {
    zh: '请输入5到12位QQ号',
    en: 'QQ number must be 5 to 12 digits',
    es: 'El número QQ debe tener de 5 a 12 dígitos',
    ja: 'QQ番号は5〜12桁で入力してください',
  },
  'validation.url': {
    zh: '请输入以http或https开头的网址',
    en: 'URL must start with http or https',
    es: 'La URL debe empezar por http o https',
    ja: 'URLはhttpまたはhttpsで始めてください',
  },
  'validation.alphanumeric20': {
    zh: '只能输入0到20位字母或数字',
    en: 'Up to 20 letters or digits',
    es: 'Hasta 20 letras o dígitos',
    ja: '英数字20文字以内で入力してください',
  },
  'validation.letters2to100': {
    zh: '请输入2到100位中英文字母或空格',
    en: '2 to 100 Chinese or English letters or spaces',
    es: 'De 2 a 100 letras chinas o inglesas o espacios',
    ja: '中国語・英字・スペースで2〜100文字',
  },
  'validation.digitsAndLineBreaks': {
    zh: '只能输入数字和换行',
    en: 'Only digits and line breaks are allowed',
    es: 'Solo se permiten dígitos y saltos de línea',
    ja: '数字と改行のみ入力できます',
  },
  'validation.max255': {
    zh: '最多输入255个字符',
    en: 'At most 255 characters',
    es: 'Como máximo 255 caracteres',
    ja: '255文字以内で入力してください',
  },
  'validation.required': { zh: '必填项不能为空', en: 'This field is required', es: 'Este campo es obligatorio', ja: '必須項目です' },
  'validation.selectRequired': { zh: '请选择', en: 'Please select', es: 'Seleccione una opción', ja: '選択してください' },
  'validation.minLength': {
    zh: '最小长度{n}位字符',
    en: 'At least {n} characters',
    es: 'Al menos {n} caracteres',
    ja: '{n}文字以上で入力してください',
  },
  'validation.maxLength': {
    zh: '最大长度{n}位字符',
    en: 'At most {n} characters',
    es: 'Como máximo {n} caracteres',
    ja: '{n}文字以内で入力してください',
  },
  'validation.minSelect': {
    zh: '最少选择{n}项',
    en: 'Select at least {n} items',
    es: 'Seleccione al menos {n} elementos',
    ja: '{n}項目以上選択してください',
  },
  'validation.maxSelect': {
    zh: '最多选择{n}项',
    en: 'Select at most {n} items',
    es: 'Seleccione como máximo {n} elementos',
    ja: '{n}項目以内で選択してください',
  },
  'validation.integer': {
    zh: '请输入整数',
    en: 'Please enter an integer',
    es: 'Introduzca un número entero',
    ja: '整数を入力してください',
  },
  'validation.positiveInteger': {
    zh: '请输入正整数',
    en: 'Please enter a positive integer',
    es: 'Introduzca un entero positivo',
    ja: '正の整数を入力してください',
  },
  'validation.passwordMismatch': {
    zh: '两次输入的密码不一致',
    en: 'The passwords do not match',
    es: 'Las contraseñas no coinciden',
    ja: 'パスワードが一致しません',
  },
  'validation.invalidValue': {
    zh: '{field}的值不正确',
    en: 'Invalid value for {field}',
    es: 'Valor no válido para {field}',
    ja: '{field}の値が正しくありません',
  },
  'validation.code': {
    zh: '编码须以字母开头，只能包含字母、数字、下划线、点或短横线',
    en: 'A code starts with a letter and holds only letters, digits, _ . or -',
    es: 'Un código empieza por una letra y solo contiene letras, dígitos, _ . o -',
    ja: 'コードは英字で始まり、英数字・_・.・- のみ使用できます',
  },
  'validation.itemCode': {
    zh: '只能包含字母、数字、下划线、点或短横线',
    en: 'Only letters, digits, _ . or - are allowed',
    es: 'Solo se permiten letras, dígitos, _ . o -',
    ja: '英数字・_・.・- のみ使用できます',
  },
  'validation.nothingSelected': {
    zh: '您还未选择数据',
    en: 'You have not selected any data',
    es: 'No ha seleccionado ningún dato',
    ja: 'データが選択されていません',
  },

  'error.sessionExpired': {
    zh: '会话过期失效，请重新登录',
    en: 'Your session has expired, please sign in again',
    es: 'Su sesión ha caducado, inicie sesión de nuevo',
    ja: 'セッションの有効期限が切れました。再度ログインしてください',
  },
  'error.badCredentials': {
    zh: '用户名或密码错误，请重新输入',
    en: 'Wrong user name or password, please try again',
    es: 'Usuario o contraseña incorrectos, inténtelo de nuevo',
    ja: 'ユーザー名またはパスワードが正しくありません',
  },
  'error.accountLocked': {
    zh: '连续输入错误，您的账号已经被锁定，请联系管理员进行恢复',
    en: 'Too many failed attempts: your account is locked, please contact the administrator',
    es: 'Demasiados intentos fallidos: su cuenta está bloqueada, contacte con el administrador',
    ja: '連続して誤入力したため、アカウントがロックされました。管理者に連絡してください',
  },
  'error.loginKeyInvalid': {
    zh: '登录密钥已失效，请重新登录',
    en: 'The sign-in key has expired or was already used, please try again',
    es: 'La clave de inicio de sesión caducó o ya se usó, inténtelo de nuevo',
    ja: 'ログインキーが無効です。もう一度お試しください',
  },
  'error.refreshTokenInvalid': {
    zh: '刷新令牌无效，请重新登录',
    en: 'The refresh token is not valid, please sign in again',
    es: 'El token de actualización no es válido, inicie sesión de nuevo',
    ja: 'リフレッシュトークンが無効です。再度ログインしてください',
  },
  'error.unsupportedGrant': {
    zh: '不支持的授权类型',
    en: 'Unsupported grant type',
    es: 'Tipo de concesión no admitido',
    ja: 'サポートされていない付与タイプです',
  },
  'error.system': {
    zh: '系统错误，请联系管理员',
    en: 'System error, please contact the administrator',
    es: 'Error del sistema, contacte con el administrador',
    ja: 'システムエラーです。管理者に連絡してください',
  },
  'error.import': {
    zh: '导入错误，请检查导入文件',
    en: 'Import error, please check the import file',
    es: 'Error de importación, revise el archivo',
    ja: 'インポートエラーです。ファイルを確認してください',
  },
  'error.selectOne': {
    zh: '请至少选择一条记录',
    en: 'Please select at least one record',
    es: 'Seleccione al menos un registro',
    ja: '少なくとも1件選択してください',
  },
  'error.duplicateDictCode': {
    zh: '字典编码已存在',
    en: 'The dictionary code already exists',
    es: 'El código de diccionario ya existe',
    ja: '辞書コードは既に存在します',
  },
  'error.duplicateItemCode': {
    zh: '字典项编码已存在',
    en: 'The item code already exists in this dictionary',
    es: 'El código del elemento ya existe en este diccionario',
    ja: 'この辞書に同じ項目コードが既に存在します',
  },
  'error.notFound': {
    zh: '数据不存在或已被删除',
    en: 'The record does not exist or was deleted',
    es: 'El registro no existe o fue eliminado',
    ja: 'データが存在しないか削除されました',
  },
  'error.routeNotFound': { zh: '接口不存在', en: 'No such API route', es: 'No existe esa ruta de la API', ja: 'そのAPIは存在しません' },
  'error.unauthenticated': {
    zh: '未登录或会话已失效，请重新登录',
    en: 'You are not signed in or your session has ended',
    es: 'No ha iniciado sesión o su sesión terminó',
    ja: 'ログインしていないか、セッションが終了しました',
  },
  'error.forbidden': {
    zh: '没有访问该资源的权限',
    en: 'You do not have permission for this resource',
    es: 'No tiene permiso para este recurso',
    ja: 'このリソースへのアクセス権限がありません',
  },
  'error.undeclaredRoute': {
    zh: '该接口未在功能模型中声明，拒绝访问',
    en: 'This API is not declared in the function model and is refused',
    es: 'Esta API no está declarada en el modelo de funciones y se rechaza',
    ja: 'このAPIは機能モデルに宣言されていないため拒否されました',
  },
  'error.malformedBody': {
    zh: '请求体格式不正确',
    en: 'The request body is malformed',
    es: 'El cuerpo de la solicitud está mal formado',
    ja: 'リクエスト本文の形式が正しくありません',
  },
  'error.bodyTooLarge': {
    zh: '请求体过大',
    en: 'The request body is too large',
    es: 'El cuerpo de la solicitud es demasiado grande',
    ja: 'リクエスト本文が大きすぎます',
  },
  'error.unsupportedMediaType': {
    zh: '不支持的请求内容类型',
    en: 'Unsupported content type',
    es: 'Tipo de contenido no admitido',
    ja: 'サポートされていないコンテンツタイプです',
  },
  'error.badSort': {
    zh: '不能按字段{field}排序',
    en: 'Cannot sort by {field}',
    es: 'No se puede ordenar por {field}',
    ja: '{field}で並べ替えることはできません',
  },
  'error.badInput': {
    zh: '参数{field}不正确：{reason}',
    en: 'Invalid parameter {field}: {reason}',
    es: 'Parámetro {field} no válido: {reason}',
    ja: 'パラメーター{field}が正しくありません：{reason}',
  },
  'error.rateLimited': {
    zh: '请求过于频繁，请稍后再试',
    en: 'Too many requests, please try again shortly',
    es: 'Demasiadas solicitudes, inténtelo en un momento',
    ja: 'リクエストが多すぎます。しばらくしてから再試行してください',
  },
  'validation.nacosName': {
    zh: '只允许字母、数字和 _ - . :',
    en: 'Only letters, digits and _ - . : are allowed',
    es: 'Solo se permiten letras, dígitos y _ - . :',
    ja: '英字・数字と _ - . : のみ使用できます',
  },
  'validation.namespaceId': {
    zh: '只允许字母、数字、下划线和中划线',
    en: 'Only letters, digits, underscores and hyphens are allowed',
    es: 'Solo se permiten letras, dígitos, guiones bajos y guiones',
    ja: '英字・数字・アンダースコア・ハイフンのみ使用できます',
  },
  'validation.numberRange': {
    zh: '请输入{min}到{max}之间的数字',
    en: 'Enter a number from {min} to {max}',
    es: 'Introduzca un número de {min} a {max}',
    ja: '{min}〜{max}の数値を入力してください',
  },
  'validation.ipAddress': {
    zh: '请输入正确的IP地址或主机名',
    en: 'Enter a valid IP address or host name',
    es: 'Introduzca una dirección IP o un nombre de host válidos',
    ja: '正しいIPアドレスまたはホスト名を入力してください',
  },
  'error.duplicateNamespace': {
    zh: '命名空间ID已存在',
    en: 'The namespace ID already exists',
    es: 'El ID del espacio de nombres ya existe',
    ja: 'その名前空間IDは既に存在します',
  },
  'error.namespaceNotFound': {
    zh: '命名空间{namespace}不存在',
    en: 'Namespace {namespace} does not exist',
    es: 'El espacio de nombres {namespace} no existe',
    ja: '名前空間{namespace}は存在しません',
  },
  'error.namespaceInUse': {
    zh: '命名空间中仍有配置或服务，不能删除',
    en: 'The namespace still holds configs or services and cannot be deleted',
    es: 'El espacio de nombres aún contiene configuraciones o servicios y no se puede eliminar',
    ja: '名前空間に設定またはサービスが残っているため削除できません',
  },
  'error.publicNamespaceFixed': {
    zh: '公共空间不能修改或删除',
    en: 'The public namespace cannot be changed or deleted',
    es: 'El espacio de nombres público no se puede cambiar ni eliminar',
    ja: 'パブリック名前空間は変更・削除できません',
  },
  'error.duplicateService': {
    zh: '该分组下已存在同名服务',
    en: 'A service with this name already exists in the group',
    es: 'Ya existe un servicio con ese nombre en el grupo',
    ja: 'このグループに同名のサービスが既に存在します',
  },
  'error.serviceHasInstances': {
    zh: '服务下仍有实例，不能删除',
    en: 'The service still has instances and cannot be deleted',
    es: 'El servicio aún tiene instancias y no se puede eliminar',
    ja: 'サービスにインスタンスが残っているため削除できません',
  },
  'error.duplicateConfig': {
    zh: '该分组下已存在相同Data ID的配置',
    en: 'A config with this Data ID already exists in the group',
    es: 'Ya existe una configuración con ese Data ID en el grupo',
    ja: 'このグループに同じData IDの設定が既に存在します',
  },
  'error.configContent': {
    zh: '配置内容不是合法的{type}：{reason}',
    en: 'The content is not valid {type}: {reason}',
    es: 'El contenido no es {type} válido: {reason}',
    ja: '内容が正しい{type}ではありません：{reason}',
  },
  'error.configTooLarge': {
    zh: '配置内容超过{max}字节',
    en: 'The content is larger than {max} bytes',
    es: 'El contenido supera los {max} bytes',
    ja: '内容が{max}バイトを超えています',
  },
  'error.listeningConfigs': {
    zh: '监听参数Listening-Configs格式不正确',
    en: 'The Listening-Configs parameter is malformed',
    es: 'El parámetro Listening-Configs está mal formado',
    ja: 'Listening-Configsパラメーターの形式が正しくありません',
  },
  'error.importConflict': {
    zh: '目标命名空间已存在这些配置：{keys}',
    en: 'These configs already exist in the target namespace: {keys}',
    es: 'Estas configuraciones ya existen en el espacio de nombres de destino: {keys}',
    ja: '対象の名前空間に次の設定が既に存在します：{keys}',
  },
  'error.wrongOldPassword': {
    zh: '原密码不正确',
    en: 'The current password is wrong',
    es: 'La contraseña actual es incorrecta',
    ja: '現在のパスワードが正しくありません',
  },
  'error.passwordPolicy': {
    zh: '密码不符合密码策略：{rules}',
    en: 'The password does not meet the policy: {rules}',
    es: 'La contraseña no cumple la política: {rules}',
    ja: 'パスワードがポリシーを満たしていません：{rules}',
  },
  'policy.minLength': { zh: '至少{n}位', en: 'at least {n} characters', es: 'al menos {n} caracteres', ja: '{n}文字以上' },
  'policy.maxLength': { zh: '最多{n}位', en: 'at most {n} characters', es: 'como máximo {n} caracteres', ja: '{n}文字以内' },
  'policy.upperCase': { zh: '包含大写字母', en: 'an upper-case letter', es: 'una letra mayúscula', ja: '大文字を含む' },
  'policy.lowerCase': { zh: '包含小写字母', en: 'a lower-case letter', es: 'una letra minúscula', ja: '小文字を含む' },
  'policy.digit': { zh: '包含数字', en: 'a digit', es: 'un dígito', ja: '数字を含む' },
  'policy.special': { zh: '包含特殊字符', en: 'a special character', es: 'un carácter especial', ja: '記号を含む' },
  'policy.sameAsOld': {
    zh: '新密码不能与原密码相同',
    en: 'different from the current password',
    es: 'distinta de la contraseña actual',
    ja: '現在のパスワードと異なる',
  },

  'field.dictCode': { zh: '字典编码', en: 'Dictionary code', es: 'Código de diccionario', ja: '辞書コード' },
  'field.dictName': { zh: '字典名称', en: 'Dictionary name', es: 'Nombre del diccionario', ja: '辞書名' },
  'field.note': { zh: '备注', en: 'Note', es: 'Nota', ja: '備考' },
  'field.itemCount': { zh: '字典项数', en: 'Items', es: 'Elementos', ja: '項目数' },
  'field.itemCode': { zh: '字典项编码', en: 'Item code', es: 'Código del elemento', ja: '項目コード' },
  'field.itemValue': { zh: '字典项值', en: 'Item value', es: 'Valor del elemento', ja: '項目値' },
  'field.index': { zh: '排序', en: 'Order', es: 'Orden', ja: '並び順' },
  'field.updatedAt': { zh: '更新时间', en: 'Updated', es: 'Actualizado', ja: '更新日時' },
  'field.loginTime': { zh: '登录时间', en: 'Time', es: 'Hora', ja: 'ログイン日時' },
  'field.loginIp': { zh: '登录IP', en: 'IP address', es: 'Dirección IP', ja: 'IPアドレス' },
  'field.userName': { zh: '用户名', en: 'User name', es: 'Nombre de usuario', ja: 'ユーザー名' },
  'field.result': { zh: '结果', en: 'Result', es: 'Resultado', ja: '結果' },
  'field.userAgent': { zh: '客户端', en: 'User agent', es: 'Agente de usuario', ja: 'ユーザーエージェント' },
  'field.createdAt': { zh: '时间', en: 'Time', es: 'Hora', ja: '日時' },
  'field.pageUrl': { zh: '页面地址', en: 'Page URL', es: 'URL de la página', ja: 'ページURL' },
  'field.message': { zh: '错误信息', en: 'Message', es: 'Mensaje', ja: 'メッセージ' },
  'field.stack': { zh: '调用栈', en: 'Stack', es: 'Pila', ja: 'スタック' },
  'field.info': { zh: '附加信息', en: 'Info', es: 'Información', ja: '付加情報' },
} as const satisfies Catalogue;

export type MessageKey = keyof typeof messages;
export type MessageParams = Record<string, string | number>;

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(messages, value);
}

export function formatMessage(key: MessageKey, language: Language, params: MessageParams = {}): string {
  return messages[key][language].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
